import type { RunningAttempt } from '@ai-tutor/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useGetRunningAttemptsQuery } from '../api/get-running-attempts';
import { msLeft, resumeLabel, runningRoute } from '../lib/running';

export interface RunningInfo {
  attempt: RunningAttempt;
  /** The quiz route that resumes it. */
  to: string;
  /** When this browser received the list (ms): the server's time then was attempt.serverTime. */
  receivedAt: number;
}

/** The learner's running attempts (docs/product.md#running-attempts), each with the quiz route that resumes it. */
export function useRunningAttempts() {
  const { data, fulfilledTimeStamp } = useGetRunningAttemptsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const running: RunningInfo[] = useMemo(
    () =>
      (data?.attempts ?? []).map((attempt) => ({
        attempt,
        to: runningRoute(attempt),
        // Data always comes with its timestamp; without one the attempt would read as out of time.
        receivedAt: fulfilledTimeStamp ?? 0,
      })),
    [data, fulfilledTimeStamp],
  );
  const forRoute = useCallback((to: string) => running.find((r) => r.to === to) ?? null, [running]);
  return { running, forRoute };
}

/**
 * "Resume — mm:ss left", re-read every second by the component that shows it (not the whole page);
 * null once its time is up (the server completes it at the deadline) or with nothing running.
 */
export function useResumeLabel(info: RunningInfo | null, now: () => number = Date.now): string | null {
  const [tick, setTick] = useState(() => now());
  useEffect(() => {
    if (!info) return;
    const id = window.setInterval(() => setTick(now()), 1000);
    return () => window.clearInterval(id);
  }, [info, now]);
  if (!info) return null;
  // Practice and review have no clock: their deadline is only the sweep's far limit.
  if (!info.attempt.timed) return 'Resume';
  const left = msLeft(info.attempt, info.receivedAt, Math.max(tick, info.receivedAt));
  return left > 0 ? resumeLabel(left) : null;
}
