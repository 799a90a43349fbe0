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
import { startSession, type StartAnswer, type StartedSession } from '../../services/quiz/create-session.js';
import { refillModule } from '../../services/quiz/paper-pool.js';
import type { QuizScope } from '../../services/quiz/scope.js';
import { createStartRegistry } from '../../services/quiz/start-registry.js';
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
  /** Variants kept drawn per module mock test (decision 0029); 0: every start draws afresh. */
  paperPoolSize = 0,
) {
  // Live tests and practice register their starts and rules here when their plugins load.
  const startStrategies = createStartRegistry();
  // The module mock tests started on this instance, by module: the refill job keeps their pools full.
  const poolScopes = new Map<string, QuizScope>();
  const onPoolable =
    paperPoolSize > 0 ? (scope: QuizScope) => void poolScopes.set(scope.module!.id, scope) : undefined;
  // Exam day: thousands start within a minute. Starts beyond what the pool serves wait here, in
  // order, instead of on the pool (where saves of running tests would wait behind them); what the
  // queue cannot hold is a 503 with Retry-After, which the web app retries (decision 0010).
  const startQueue = createWorkQueue(starts);
  /** `receivedAt`: when the request came (a start afresh replaces only what was running then). */
  const queuedStart = (userId: string, body: CreateAssessmentBody, receivedAt = Date.now()) =>
    startQueue
      .run(() =>
        startSession(db, hooks, userId, body, receivedAt, newCardsPerDay, startStrategies, onPoolable),
      )
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
  /**
   * One pass of the pool's refill over the modules started here, drawing for at most `forMs` (at least
   * one variant per module short of its pool). Tests call it; the plugin's timer ticks it outside a ramp.
   */
  const refillPools = async (forMs = 250) => {
    let drawn = 0;
    for (const scope of poolScopes.values())
      drawn += await refillModule(db, scope, paperPoolSize, performance.now() + forMs);
    return drawn;
  };
  return {
    /** A start as the route answers it: a drawn-ahead paper's is JSON already (decision 0029). */
    start: queuedStart,
    /** A start as objects (the CLI, tests). */
    create: async (userId: string, body: CreateAssessmentBody, receivedAt = Date.now()) =>
      asObjects(await queuedStart(userId, body, receivedAt)),
    startStrategies,
    refillPools,
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

const asObjects = (answer: StartAnswer): StartedSession =>
  'json' in answer
    ? { ...(JSON.parse(answer.json) as Omit<StartedSession, 'resumed'>), resumed: false }
    : answer;

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
      createQuizService(
        fastify.db,
        hooks,
        starts,
        foreground,
        fastify.config.reviewNewCardsPerDay,
        fastify.config.paperPoolSize,
      ),
    );
    // The pool's refill yields to a ramp of starts and saves, for 3 s at most (decision 0018's gate).
    // Tests fill it themselves (refillPools), so that no tick changes a draw under them.
    if (fastify.config.env === 'test') return;
    const mayRefill = fastify.foreground.gate(3_000);
    let refilling: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (refilling || !mayRefill()) return;
      refilling = fastify.quiz
        .refillPools()
        .then(() => undefined)
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'paper pool refill failed; retrying'))
        .finally(() => {
          refilling = null;
        });
    }, 1_000);
    timer.unref();
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await refilling;
    });
  },
  { name: 'quiz', dependencies: ['config', 'database', 'ai', 'foreground'] },
);
