import { useCallback, useState } from 'react';

/**
 * Sign-in and sign-up wait their turn when the server's password-hash queue is full (a class signing
 * in at once): `through` retries the call after each 503's Retry-After, for up to a minute, and
 * `queued` says it is waiting (docs/decisions/0018-exam-day-arrival.md). The retry loop is fetched on
 * the first 503 only: /login's entry has no room for code most sign-ins never run.
 */
export function useSignInQueue(now: () => number = Date.now) {
  const [queued, setQueued] = useState(false);
  const through = useCallback(
    <T>(call: () => Promise<T>) =>
      call().catch(async (error: unknown) => {
        if ((error as { status?: unknown } | null)?.status !== 503) throw error;
        const { callThroughQueue } = await import('../../../lib/queue-retry');
        let first: Promise<T> | null = Promise.reject(error);
        return callThroughQueue(
          () => {
            const attempt = first ?? call();
            first = null;
            return attempt;
          },
          { now, onQueued: setQueued },
        );
      }),
    [now],
  );
  return { queued, through };
}
