import {
  PERCENTILE_MIN_FIRST_ATTEMPTS,
  quizMessages,
  REVIEW_NEW_CARDS_PER_DAY,
  type AttemptsQuery,
  type CreateAssessmentBody,
  type SaveEvaluationBody,
} from '@ai-tutor/contract';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { createWorkQueue, QueueBusyError, type WorkQueueOptions } from '../../services/limits/work-queue.js';
import { listAttempts } from '../../services/quiz/attempts.js';
import { sweepExpired } from '../../services/quiz/complete.js';
import { startSession } from '../../services/quiz/create-session.js';
import { runningAttempts } from '../../services/quiz/running.js';
import type { FreeTextGrader } from '../../services/quiz/free-text-grading.js';
import { saveEvaluation } from '../../services/quiz/save-evaluation.js';
import { getResult, getSession, submitSession } from '../../services/quiz/session.js';

/**
 * The quiz engine (services/quiz/) bound to one app's database and free-text grader. Every entry point
 * that can complete a session (submit, reads of an expired session, attempts, the sweep) scores with
 * that grader: with an AI provider configured, AI verdicts decide unmatched free-text answers.
 */
export function createQuizService(
  db: Db,
  grader: FreeTextGrader | null,
  starts: WorkQueueOptions,
  newCardsPerDay = REVIEW_NEW_CARDS_PER_DAY,
  percentileMinAttempts = PERCENTILE_MIN_FIRST_ATTEMPTS,
) {
  // Exam day: thousands start within a minute. Starts beyond what the pool serves wait here, in
  // order, instead of on the pool (where saves of running tests would wait behind them); what the
  // queue cannot hold is a 503 with Retry-After, which the web app retries (decision 0010).
  const startQueue = createWorkQueue(starts);
  const queuedStart = (userId: string, body: CreateAssessmentBody) =>
    startQueue
      .run(() => startSession(db, grader, userId, body, newCardsPerDay))
      .catch((error: unknown) => {
        if (!(error instanceof QueueBusyError)) throw error;
        throw new AppError(503, quizMessages.startBusy(error.retryAfterSeconds), undefined, {
          'retry-after': String(error.retryAfterSeconds),
        });
      });
  return {
    create: queuedStart,
    /** Starts running and waiting now (the bench prints it). */
    get startLoad() {
      return startQueue.load;
    },
    running: (userId: string) => runningAttempts(db, userId),
    save: (userId: string, body: SaveEvaluationBody) => saveEvaluation(db, userId, body),
    session: (userId: string, slug: string) => getSession(db, grader, userId, slug),
    submit: (userId: string, slug: string, visited: string[] = []) =>
      submitSession(db, grader, userId, slug, visited),
    result: (userId: string, slug: string) => getResult(db, grader, userId, slug, percentileMinAttempts),
    attempts: (userId: string, query: AttemptsQuery) => listAttempts(db, grader, userId, query),
    /** Completes every session past its deadline and grace; the number completed. */
    sweepExpired: () => sweepExpired(db, grader),
  };
}
export type QuizService = ReturnType<typeof createQuizService>;

declare module 'fastify' {
  interface FastifyInstance {
    quiz: QuizService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'quiz',
      createQuizService(
        fastify.db,
        fastify.freeTextGrader,
        fastify.config.starts,
        fastify.config.reviewNewCardsPerDay,
        fastify.config.percentileMinFirstAttempts,
      ),
    );
  },
  { name: 'quiz', dependencies: ['config', 'database', 'ai'] },
);
