/** Why the queue turned work away, and how long the client should wait before trying again. */
export class QueueBusyError extends Error {
  override name = 'QueueBusyError';
  constructor(
    readonly reason: 'full' | 'timeout',
    readonly retryAfterSeconds: number,
  ) {
    super(`work queue ${reason}`);
  }
}

export interface WorkQueueOptions {
  /** Tasks run at once (each holds one libuv threadpool thread for scrypt). */
  concurrency: number;
  /** Tasks waiting at most; one more is turned away at once. */
  maxWaiting: number;
  /** A task still waiting after this long is turned away. */
  maxWaitMs: number;
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * A bounded queue in front of expensive work (password hashing): at most `concurrency` tasks run, at
 * most `maxWaiting` wait, none waits longer than `maxWaitMs`. What does not fit is refused with
 * QueueBusyError and an estimate of when there will be room, instead of piling up on the threadpool
 * that token signing and everything else also use.
 */
export function createWorkQueue({ concurrency, maxWaiting, maxWaitMs }: WorkQueueOptions) {
  const waiting: Waiter[] = [];
  let running = 0;
  /** Moving average of one task's duration, for the Retry-After estimate. */
  let taskMs = 0;

  const retryAfter = () =>
    Math.max(1, Math.ceil((((waiting.length + running) / concurrency) * Math.max(taskMs, 100)) / 1000));
  const next = () => {
    const waiter = waiting.shift();
    if (!waiter) return;
    clearTimeout(waiter.timer);
    waiter.start();
  };

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const execute = async () => {
        running++;
        const started = performance.now();
        try {
          return await task();
        } finally {
          const took = performance.now() - started;
          taskMs = taskMs === 0 ? took : taskMs * 0.9 + took * 0.1;
          running--;
          next();
        }
      };
      if (running < concurrency && waiting.length === 0) return execute();
      if (waiting.length >= maxWaiting) return Promise.reject(new QueueBusyError('full', retryAfter()));
      return new Promise<T>((resolve, reject) => {
        const waiter: Waiter = {
          start: () => void execute().then(resolve, reject),
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1);
            reject(new QueueBusyError('timeout', retryAfter()));
          }, maxWaitMs),
        };
        waiting.push(waiter);
      });
    },
    /** What is running and waiting now (for logs and the bench). */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
export type WorkQueue = ReturnType<typeof createWorkQueue>;
