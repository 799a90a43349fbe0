import type { RunningAttempt } from '@ai-tutor/contract';
import { useCallback, useEffect, useState } from 'react';
import { useGetRunningAttemptsQuery } from '../api/get-running-attempts';
import { msLeft, resumeLabel, runningRoute } from '../lib/running';

export interface RunningInfo {
  attempt: RunningAttempt;
  /** The quiz route that resumes it. */
  to: string;
  /** "Resume — mm:ss left", ticking. */
  label: string;
}

/**
 * The learner's running attempts with their time left, re-read every second; those whose time is up
 * drop out (the server completes them at the deadline).
 */
export function useRunningAttempts(now: () => number = Date.now) {
  const { data, fulfilledTimeStamp } = useGetRunningAttemptsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [tick, setTick] = useState(() => now());
  const attempts = data?.attempts ?? [];
  const hasAny = attempts.length > 0;
  useEffect(() => {
    if (!hasAny) return;
    const id = window.setInterval(() => setTick(now()), 1000);
    return () => window.clearInterval(id);
  }, [hasAny, now]);
  const receivedAt = fulfilledTimeStamp ?? tick;
  const running: RunningInfo[] = attempts.flatMap((attempt) => {
    const left = msLeft(attempt, receivedAt, Math.max(tick, receivedAt));
    return left > 0 ? [{ attempt, to: runningRoute(attempt), label: resumeLabel(left) }] : [];
  });
  const forRoute = useCallback((to: string) => running.find((r) => r.to === to) ?? null, [running]);
  return { running, forRoute };
}
