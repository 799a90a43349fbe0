import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { listForLearner, rankingFor } from '../../services/live-tests/learner-views.js';
import { liveTestMessages } from '@ai-tutor/contract';
import { scopeBackInCirculation, scopeOutError } from '../../services/live-tests/circulation.js';
import { rankDueTests } from '../../services/live-tests/ranking.js';
import { startLiveTest } from '../../services/live-tests/start.js';
import { RANKING_TICK_SECONDS } from '../../services/live-tests/timing.js';
import { plugLiveTests } from '../../services/live-tests/quiz-hooks.js';
import type { QuizHooks } from '../../services/quiz/hooks.js';

/**
 * Live tests (docs/product.md#live-test-rules, services/live-tests/): the learner's list and rankings, and the ranking
 * job. Starting one is the quiz service's start, through the strategy registered below.
 */
export function createLiveTestsService(db: Db, hooks: QuizHooks) {
  return {
    list: (userId: string, examSlug?: string) => listForLearner(db, userId, examSlug),
    ranking: (userId: string, testId: string) => rankingFor(db, userId, testId),
    /** Ranks every closed, unranked test whose sessions are all completed; the ids ranked. */
    rankDue: () => rankDueTests(db, hooks),
  };
}
export type LiveTestsService = ReturnType<typeof createLiveTestsService>;

declare module 'fastify' {
  interface FastifyInstance {
    liveTests: LiveTestsService;
  }
}

/**
 * The ranking job ticks every RANKING_TICK_SECONDS, so a test is ranked within seconds of its close
 * plus the save grace. Like the quiz sweep: never overlapped by the next tick, unref'd, stopped before
 * the database closes; several processes are safe (the test's row is locked while it is ranked).
 */
export default fp(
  async (fastify) => {
    plugLiveTests(fastify.quizHooks, fastify.config.percentileMinFirstAttempts);
    const service = createLiveTestsService(fastify.db, fastify.quizHooks);
    fastify.decorate('liveTests', service);
    // A live test's start: its own paper, window and one-attempt rule (docs/product.md#live-test-rules).
    fastify.quiz.startStrategies.ownStart(({ db, hooks, userId, body }) =>
      body.scheduledTestId
        ? startLiveTest(db, hooks, userId, body.scheduledTestId, body.language ?? null)
        : null,
    );
    // A draw a live paper emptied says until when (decision 0014).
    fastify.quiz.startStrategies.emptyDrawReason(async (db, _userId, scope, name) => {
      const backAt = await scopeBackInCirculation(
        db,
        scope.subjects.map((s) => s.id),
        scope.topic?.id ?? null,
      );
      if (backAt) throw scopeOutError(name, backAt, (at) => liveTestMessages.scopeInLiveTest(name, at));
    });
    let running: Promise<void> | null = null;
    const tick = () => {
      if (running) return;
      running = service
        .rankDue()
        .then((ranked) => {
          if (ranked.length > 0) fastify.log.info({ ranked }, 'live tests ranked');
        })
        .catch((error: unknown) =>
          fastify.log.warn({ err: error }, 'live-test ranking failed; retrying next tick'),
        )
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, RANKING_TICK_SECONDS * 1000);
    timer.unref();
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'live-tests', dependencies: ['config', 'database', 'quiz'] },
);
