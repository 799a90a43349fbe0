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
  /** Tasks run at once (a password hash holds one libuv threadpool thread; a start, a connection). */
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
 * A bounded queue in front of expensive work (password hashing, quiz starts): at most `concurrency`
 * tasks run, at most `maxWaiting` wait, none waits longer than `maxWaitMs`. What does not fit is
 * refused with QueueBusyError and a Retry-After meant to be kept (docs/decisions/0018-exam-day-arrival.md):
 * - a task that would wait longer than `maxWaitMs` by the queue's pace is refused at once, rather than
 *   after waiting `maxWaitMs` for nothing;
 * - each refusal is promised its own later slot, one task's turn after the previous promise, from when
 *   the queue ahead will have drained to a `maxWaitMs` wait: those told to come back return spread out
 *   at the pace the queue serves them, not all in the same second.
 */
export function createWorkQueue({ concurrency, maxWaiting, maxWaitMs }: WorkQueueOptions) {
  const waiting: Waiter[] = [];
  let running = 0;
  /** Moving average of one task's duration, for the Retry-After estimate. */
  let taskMs = 0;
  /** The last slot promised to a refused task (performance.now() time). */
  let promisedAt = 0;

  const turnMs = () => Math.max(taskMs, 100) / concurrency;
  /** How long a task joining now would wait, by the queue's pace so far (0 before any estimate). */
  const expectedWaitMs = () => (taskMs === 0 ? 0 : (waiting.length + 1) * turnMs());
  const retryAfter = () => {
    const now = performance.now();
    const drained = now + Math.max(0, expectedWaitMs() - maxWaitMs);
    promisedAt = Math.max(promisedAt, drained) + turnMs();
    return Math.max(1, Math.ceil((promisedAt - now) / 1000));
  };
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
      if (waiting.length >= maxWaiting || expectedWaitMs() > maxWaitMs)
        return Promise.reject(new QueueBusyError('full', retryAfter()));
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
