import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { remainingSeconds } from '../lib/format';

/** Minutes-left marks at which the timer speaks to screen readers. */
export const ANNOUNCE_AT_MINUTES = [10, 5, 1] as const;

export interface Countdown {
  seconds: number;
  announcement: string;
}

/**
 * Seconds left until the server's deadline. Recomputed from the clock on every tick (never decremented),
 * so a background tab or a sleeping laptop cannot stretch the test; re-checked when the tab becomes
 * visible again. Calls onExpire once when it reaches zero.
 */
export function useCountdown(
  deadlineMs: number,
  offsetMs: number,
  now: () => number,
  onExpire: () => void,
): Countdown {
  const [state, setState] = useState<Countdown>(() => ({
    seconds: remainingSeconds(deadlineMs, now(), offsetMs),
    announcement: '',
  }));
  const expire = useEffectEvent(onExpire);
  // Kept across effect restarts (the offset changes with every save): no crossing missed, no double expiry.
  const previousRef = useRef<number>(state.seconds);
  const expiredRef = useRef(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const tick = () => {
      const browserNow = now();
      const seconds = remainingSeconds(deadlineMs, browserNow, offsetMs);
      const previous = previousRef.current;
      const crossed = [...ANNOUNCE_AT_MINUTES].reverse().find((m) => previous > m * 60 && seconds <= m * 60);
      previousRef.current = seconds;
      setState((s) => ({
        seconds,
        announcement:
          crossed !== undefined
            ? `${crossed} ${crossed === 1 ? 'minute' : 'minutes'} remaining`
            : s.announcement,
      }));
      if (seconds <= 0) {
        if (!expiredRef.current) {
          expiredRef.current = true;
          expire();
        }
        return;
      }
      // Wake just after the next whole second of the deadline, so the display flips on time.
      const msToNext = (deadlineMs - (browserNow + offsetMs)) % 1000;
      timer = setTimeout(tick, Math.min(1000, (msToNext <= 0 ? msToNext + 1000 : msToNext) + 20));
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || expiredRef.current) return;
      if (timer !== null) clearTimeout(timer);
      tick();
    };
    timer = setTimeout(tick, 0);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      if (timer !== null) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [deadlineMs, offsetMs, now]);

  return state;
}
