import fp from 'fastify-plugin';

/**
 * Completes sessions whose deadline (plus grace) has passed, every SWEEP_INTERVAL_SECONDS, so
 * performance records never miss a session a learner abandoned. Safe with several server processes:
 * each locks the rows it completes and skips those another holds. The timer is unref'd (it never keeps
 * a process alive) and stopped when closing begins, after waiting for a sweep in flight to finish.
 */
export default fp(
  async (fastify) => {
    let running: Promise<void> | null = null;
    // Yields to a ramp of starts and saves for one interval at most: sessions are still counted within
    // the grace plus two intervals of their deadline (docs/decisions/0018-exam-day-arrival.md).
    const mayRun = fastify.foreground.gate(fastify.config.sweepIntervalSeconds * 1000);
    const tick = () => {
      if (running) return; // a slow sweep is never overlapped by the next tick
      if (!mayRun()) return;
      running = fastify.quiz
        .sweepExpired()
        .then((completed) => {
          if (completed > 0) fastify.log.info({ completed }, 'expired quiz sessions completed');
        })
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'quiz sweep failed; retrying next tick'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, fastify.config.sweepIntervalSeconds * 1000);
    timer.unref();
    // preClose runs before every onClose hook: a sweep in flight finishes before the database plugin
    // closes the pool, whatever the order of the onClose hooks.
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'quiz-sweep', dependencies: ['config', 'quiz', 'foreground'] },
);
