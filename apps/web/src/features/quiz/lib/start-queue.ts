/** How long a start waits in the exam-day queue before the failure toast (docs/product.md#exam-day-start-queue). */
export const START_QUEUE_LIMIT_MS = 60_000;

interface Attempted<T> {
  data?: T;
  error?: unknown;
}

export interface StartQueueDeps {
  now: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Told when the start waits in the queue (true) and when it leaves it (false). */
  onQueued: (queued: boolean) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds the server asked to wait (Retry-After), at least one; null when this is not its 503. */
export function queueWaitMs(error: unknown): number | null {
  const e = error as { status?: unknown; retryAfter?: unknown } | undefined;
  if (e?.status !== 503) return null;
  const seconds = Number(e.retryAfter);
  return Math.max(1, Number.isFinite(seconds) ? seconds : 1) * 1000;
}

/**
 * Exam-day starts (docs/product.md#exam-day-start-queue): a 503 means the server's start queue is full. The start is tried again
 * after Retry-After, for up to a minute; then the last answer stands and the caller reports it.
 */
export async function startThroughQueue<T extends Attempted<unknown>>(
  start: () => Promise<T>,
  { now, sleep = realSleep, onQueued }: StartQueueDeps,
): Promise<T> {
  const startedAt = now();
  let result = await start();
  try {
    for (;;) {
      const wait = queueWaitMs(result.error);
      if (wait === null || now() + wait - startedAt > START_QUEUE_LIMIT_MS) return result;
      onQueued(true);
      await sleep(wait);
      result = await start();
    }
  } finally {
    onQueued(false);
  }
}
