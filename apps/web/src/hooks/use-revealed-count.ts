import { startTransition, useEffect, useState } from 'react';
import { afterPaint } from '../lib/after-paint';

/**
 * How many of `total` items to render now: `step` at first, then `step` more after each drawn frame
 * until all are there. A long table of maths costs one long layout when it arrives whole (~100 ms on a
 * slow phone, the page frozen); a few rows per frame keep every frame short. `resetKey` starts over
 * (another tab's rows).
 */
export function useRevealedCount(total: number, step: number, resetKey: unknown): number {
  const [revealed, setRevealed] = useState({ key: resetKey, count: step });
  // A new key starts over in this very render (React's "state from props" pattern), not an effect later.
  if (revealed.key !== resetKey) setRevealed({ key: resetKey, count: step });
  const count = Math.min(total, revealed.key === resetKey ? revealed.count : step);
  useEffect(() => {
    if (count >= total) return;
    // A transition: the next rows are rendered in slices that yield, not in one task.
    return afterPaint(() => startTransition(() => setRevealed({ key: resetKey, count: count + step })));
  }, [count, total, step, resetKey]);
  return count;
}
