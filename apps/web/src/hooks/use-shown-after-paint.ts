import { startTransition, useEffect, useState } from 'react';
import { afterPaint } from '../lib/after-paint';

/**
 * False until the frame drawn after `ready` became true (and `delayMs` more), then true for good, set in
 * a transition: a part of a screen below what must paint first, built in slices of its own.
 */
export function useShownAfterPaint(ready = true, delayMs = 0): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!ready || shown) return;
    return afterPaint(() => startTransition(() => setShown(true)), delayMs);
  }, [ready, shown, delayMs]);
  return shown;
}
