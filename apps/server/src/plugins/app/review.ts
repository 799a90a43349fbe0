import { REVIEW_NEW_CARDS_PER_DAY, type MistakesQuery, type ReviewSummaryQuery } from '@ai-tutor/contract';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { drainHistoryQueue } from '../../services/review/history-queue.js';
import { masteryOf } from '../../services/review/mastery.js';
import { plugReview } from '../../services/review/quiz-hooks.js';
import { dismissMistake, listMistakes, reviewSummary } from '../../services/review/notebook.js';

/** The tutor loop's learner calls (services/review/, docs/product.md#review-queue) bound to one app's database. */
export function createReviewService(db: Db, newCardsPerDay = REVIEW_NEW_CARDS_PER_DAY) {
  return {
    summary: (userId: string, query: ReviewSummaryQuery) =>
      reviewSummary(db, userId, query, new Date(), newCardsPerDay),
    mistakes: (userId: string, query: MistakesQuery) => listMistakes(db, userId, query),
    dismiss: (userId: string, questionId: string) => dismissMistake(db, userId, questionId),
    /** Mastery per topic the learner has answered (user-records). */
    mastery: (userId: string) => masteryOf(db, userId),
    /** Records the queued sessions' answers (history-queue.ts); how many sessions. */
    drainHistory: () => drainHistoryQueue(db),
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;

declare module 'fastify' {
  interface FastifyInstance {
    review: ReviewService;
  }
}

/** History, question statistics and review cards can be half a minute late during a ramp. */
const HISTORY_MAX_DEFER_MS = 30_000;

/**
 * The history queue is drained every second, apart from the sweep so that completing sessions never
 * waits for it; never overlapped, unref'd, finished before the database closes. Several processes are
 * safe (SKIP LOCKED). During a ramp of starts and saves it waits (services/limits/foreground-first.ts).
 */
export default fp(
  async (fastify) => {
    plugReview(fastify.quizHooks);
    const service = createReviewService(fastify.db, fastify.config.reviewNewCardsPerDay);
    fastify.decorate('review', service);
    let running: Promise<void> | null = null;
    const mayRun = fastify.foreground.gate(HISTORY_MAX_DEFER_MS);
    const tick = () => {
      if (running || !mayRun()) return;
      running = service
        .drainHistory()
        .then(() => undefined)
        .catch((error: unknown) =>
          fastify.log.warn({ err: error }, 'history queue failed; retrying next tick'),
        )
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, 1000);
    timer.unref();
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'review', dependencies: ['config', 'database', 'foreground', 'quiz'] },
);
