import {
  quizMessages,
  REVIEW_NEW_CARDS_PER_DAY,
  type AttemptsQuery,
  type CreateAssessmentBody,
  type SaveEvaluationBody,
} from '@ai-tutor/contract';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { ForegroundFirst } from '../../services/limits/foreground-first.js';
import { createWorkQueue, QueueBusyError, type WorkQueueOptions } from '../../services/limits/work-queue.js';
import { listAttempts, recentAttempts } from '../../services/quiz/attempts.js';
import { sweepExpired } from '../../services/quiz/complete.js';
import { startSession } from '../../services/quiz/create-session.js';
import { runningAttempts } from '../../services/quiz/running.js';
import { createQuizHooks, type QuizHooks } from '../../services/quiz/hooks.js';
import { correctKey, type CorrectionRequest } from '../../services/quiz/key-corrections.js';
import { saveEvaluation } from '../../services/quiz/save-evaluation.js';
import { getResult, getSession, submitSession } from '../../services/quiz/session.js';

/**
 * The quiz engine (services/quiz/) bound to one app's database and hooks (the free-text grader and what
 * the other areas registered: services/quiz/hooks.ts). Every entry point that can complete a session
 * (submit, reads of an expired session, attempts, the sweep) scores with that grader and publishes to
 * those hooks: with an AI provider configured, AI verdicts decide unmatched free-text answers.
 */
export function createQuizService(
  db: Db,
  hooks: QuizHooks,
  starts: WorkQueueOptions,
  foreground?: { policy: ForegroundFirst; busySaves: number },
  newCardsPerDay = REVIEW_NEW_CARDS_PER_DAY,
) {
  // Exam day: thousands start within a minute. Starts beyond what the pool serves wait here, in
  // order, instead of on the pool (where saves of running tests would wait behind them); what the
  // queue cannot hold is a 503 with Retry-After, which the web app retries (decision 0010).
  const startQueue = createWorkQueue(starts);
  /** `receivedAt`: when the request came (a start afresh replaces only what was running then). */
  const queuedStart = (userId: string, body: CreateAssessmentBody, receivedAt = Date.now()) =>
    startQueue
      .run(() => startSession(db, hooks, userId, body, receivedAt, newCardsPerDay))
      .catch((error: unknown) => {
        if (!(error instanceof QueueBusyError)) throw error;
        throw new AppError(503, quizMessages.startBusy(error.retryAfterSeconds), undefined, {
          'retry-after': String(error.retryAfterSeconds),
        });
      });
  let savesInFlight = 0;
  const save = async (userId: string, body: SaveEvaluationBody) => {
    savesInFlight++;
    try {
      return await saveEvaluation(db, userId, body);
    } finally {
      savesInFlight--;
    }
  };
  // A ramp: starts wait, or every start slot is taken, or saves hold most of the pool.
  foreground?.policy.watch(() => {
    const { running, waiting } = startQueue.load;
    return waiting > 0 || running >= starts.concurrency || savesInFlight >= foreground.busySaves;
  });
  return {
    create: queuedStart,
    /** Starts running and waiting now (the bench prints it). */
    get startLoad() {
      return startQueue.load;
    },
    running: (userId: string) => runningAttempts(db, userId),
    save,
    session: (userId: string, slug: string) => getSession(db, hooks, userId, slug),
    submit: (userId: string, slug: string, visited: string[] = []) =>
      submitSession(db, hooks, userId, slug, visited),
    result: (userId: string, slug: string) => getResult(db, hooks, userId, slug),
    attempts: (userId: string, query: AttemptsQuery) => listAttempts(db, hooks, userId, query),
    recent: (userId: string) => recentAttempts(db, hooks, userId),
    /** Completes every session past its deadline and grace; the number completed. */
    sweepExpired: () => sweepExpired(db, hooks),
    /** A key correction or a dropped question (docs/product.md#key-corrections). */
    correctKey: (request: CorrectionRequest) => correctKey(db, hooks, request),
  };
}
export type QuizService = ReturnType<typeof createQuizService>;

declare module 'fastify' {
  interface FastifyInstance {
    quiz: QuizService;
    /**
     * Where the other areas plug into the quiz core (services/quiz/hooks.ts): their plugins register
     * on it when they load, so they depend on this one.
     */
    quizHooks: QuizHooks;
  }
}

export default fp(
  async (fastify) => {
    const { starts, database } = fastify.config;
    const busySaves = Math.max(1, Math.ceil(database.poolSize / 2));
    const foreground = { policy: fastify.foreground, busySaves };
    const hooks = createQuizHooks(fastify.freeTextGrader);
    fastify.decorate('quizHooks', hooks);
    fastify.decorate(
      'quiz',
      createQuizService(fastify.db, hooks, starts, foreground, fastify.config.reviewNewCardsPerDay),
    );
  },
  { name: 'quiz', dependencies: ['config', 'database', 'ai', 'foreground'] },
);
