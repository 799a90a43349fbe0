import type { MistakesQuery, QuestionReportBody, ReviewSummaryQuery } from '@ai-tutor/contract';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { masteryOf } from '../../services/tutor/mastery.js';
import { dismissMistake, listMistakes, reviewSummary } from '../../services/tutor/notebook.js';
import { reportQuestion } from '../../services/tutor/reports.js';

/** The tutor loop's learner calls (services/tutor/, DESIGN.md §6.2) bound to one app's database. */
export function createReviewService(db: Db) {
  return {
    summary: (userId: string, query: ReviewSummaryQuery) => reviewSummary(db, userId, query),
    mistakes: (userId: string, query: MistakesQuery) => listMistakes(db, userId, query),
    dismiss: (userId: string, questionId: string) => dismissMistake(db, userId, questionId),
    report: (userId: string, questionId: string, body: QuestionReportBody) =>
      reportQuestion(db, userId, questionId, body),
    /** Mastery per topic the learner has answered (user-records). */
    mastery: (userId: string) => masteryOf(db, userId),
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;

declare module 'fastify' {
  interface FastifyInstance {
    review: ReviewService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('review', createReviewService(fastify.db));
  },
  { name: 'review', dependencies: ['database'] },
);
