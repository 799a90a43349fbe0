import fp from 'fastify-plugin';
import { purgeExpired } from '../../services/accounts/retention.js';

/**
 * The retention purge (services/accounts/retention.ts) every RETENTION_INTERVAL_SECONDS, in every
 * instance: its DELETEs are idempotent, so instances running it together delete each row once. Like
 * the quiz sweep: unref'd, never overlapping its own run, yielding to a ramp of starts and saves (it
 * can wait: nothing is late by an hour), and stopped before the database closes.
 */
export default fp(
  async (fastify) => {
    const { retention } = fastify.config;
    let running: Promise<void> | null = null;
    const mayRun = fastify.foreground.gate(retention.intervalSeconds * 1000);
    const tick = () => {
      if (running || !mayRun()) return;
      running = purgeExpired(fastify.db, retention)
        .then((purged) => {
          if (purged.unverifiedAccounts + purged.codes + purged.refreshTokens > 0)
            fastify.log.info(purged, 'retention purge');
        })
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'retention purge failed; retrying later'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, retention.intervalSeconds * 1000);
    timer.unref();
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'retention', dependencies: ['config', 'database', 'foreground'] },
);
