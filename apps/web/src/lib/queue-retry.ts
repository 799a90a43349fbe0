/**
 * Waiting one's turn (docs/decisions/0018-exam-day-arrival.md): a 503 with Retry-After means a server
 * queue is full (quiz starts, password hashing). The call is tried again after Retry-After, for up to a
 * minute; then the last answer stands and the caller reports it. The one way the web app retries a
 * queue's 503: the quiz start and sign-in / sign-up use it.
 */
export const QUEUE_RETRY_LIMIT_MS = 60_000;

export interface Attempted<T> {
  data?: T;
  error?: unknown;
}

export interface QueueRetryDeps {
  now: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Told when the call waits its turn (true) and when it stops waiting (false). */
  onQueued: (queued: boolean) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds the server asked to wait (Retry-After), at least one; null when this is not a queue's 503. */
export function queueWaitMs(error: unknown): number | null {
  const e = error as { status?: unknown; retryAfter?: unknown } | undefined;
  if (e?.status !== 503) return null;
  const seconds = Number(e.retryAfter);
  return Math.max(1, Number.isFinite(seconds) ? seconds : 1) * 1000;
}

/** For calls that answer `{data}` or `{error}` (RTK Query's results). */
export async function retryThroughQueue<T extends Attempted<unknown>>(
  attempt: () => Promise<T>,
  { now, sleep = realSleep, onQueued }: QueueRetryDeps,
): Promise<T> {
  const startedAt = now();
  let result = await attempt();
  try {
    for (;;) {
      const wait = queueWaitMs(result.error);
      if (wait === null || now() + wait - startedAt > QUEUE_RETRY_LIMIT_MS) return result;
      onQueued(true);
      await sleep(wait);
      result = await attempt();
    }
  } finally {
    onQueued(false);
  }
}

/** The same for calls that reject with the error (unwrapped mutations, callApiOrThrow). */
export async function callThroughQueue<T>(call: () => Promise<T>, deps: QueueRetryDeps): Promise<T> {
  const result = await retryThroughQueue<Attempted<T>>(
    () =>
      call().then(
        (data) => ({ data }),
        (error: unknown) => ({ error }),
      ),
    deps,
  );
  if ('error' in result) throw result.error;
  return result.data as T;
}
