import { useCallback, useState } from 'react';
import { callThroughQueue } from '../../../lib/queue-retry';

/**
 * Sign-in and sign-up wait their turn when the server's password-hash queue is full (a class signing
 * in at once): `through` retries the call after each 503's Retry-After, for up to a minute, and
 * `queued` says it is waiting (docs/decisions/0018-exam-day-arrival.md).
 */
export function useSignInQueue(now: () => number = Date.now) {
  const [queued, setQueued] = useState(false);
  const through = useCallback(
    <T>(call: () => Promise<T>) => callThroughQueue(call, { now, onQueued: setQueued }),
    [now],
  );
  return { queued, through };
}
