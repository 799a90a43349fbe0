import type { QuestionReportBody } from '@ai-tutor/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { plugReports } from '../../services/bank/quiz-hooks.js';
import { reportEvaluation, reportQuestion } from '../../services/bank/reports.js';

/** Learners' reports on questions (services/bank/reports.ts, docs/product.md#key-corrections). */
export function createReportsService(db: Db) {
  return {
    /** A question the learner was given, by its id (the notebook). */
    question: (userId: string, questionId: string, body: QuestionReportBody) =>
      reportQuestion(db, userId, questionId, body),
    /** A question of the learner's own session, by its evaluation id. */
    evaluation: (userId: string, evaluationId: string, body: QuestionReportBody) =>
      reportEvaluation(db, userId, evaluationId, body),
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsService;
    /**
     * The learner's report ceiling (docs/api.md, 30 a minute), one counter for both report routes so
     * that two ways in do not double it. A preHandler after the learner guard: keyed by user id.
     */
    reportLimit: preHandlerAsyncHookHandler;
  }
}

/** Reports a learner may file in a minute, by question id and by evaluation together. */
const REPORTS_PER_MINUTE = 30;

export default fp(
  async (fastify) => {
    plugReports(fastify.quizHooks);
    fastify.decorate('reports', createReportsService(fastify.db));
    fastify.decorate(
      'reportLimit',
      fastify.rateLimit({
        max: REPORTS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request) => `question-reports:${request.auth?.userId ?? request.ip}`,
      }),
    );
  },
  { name: 'reports', dependencies: ['database', 'security', 'quiz'] },
);
