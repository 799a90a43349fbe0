import { useCallback, useRef } from 'react';

/**
 * How long after a move (Save & Next, Prev, Mark, Clear) a second tap on the same button is ignored:
 * the new question is painted well within it, and a double tap's second tap lands inside it (phones
 * send them 100 to 300 ms apart), so a double tap never saves and then skips the next, unseen question.
 */
export const MOVE_SETTLE_MS = 400;

/**
 * Wraps the test screen's moves, each under its own name: a tap that repeats the last move while it
 * is still settling is ignored, as is the second click of a double click (`detail` 2). A move on
 * another button in between (Save & Next, Mark, Save & Next) means the taps were deliberate, not a
 * double tap, so they all go through however quickly they come.
 */
export function useMoveGuard() {
  const last = useRef<{ name: string; at: number } | null>(null);
  return useCallback(
    (name: string, move: () => void) => (event?: { detail?: number; timeStamp?: number }) => {
      if (typeof event?.detail === 'number' && event.detail > 1) return;
      const at = performance.now();
      const previous = last.current;
      if (previous?.name === name && at - previous.at < MOVE_SETTLE_MS) return;
      last.current = { name, at };
      move();
    },
    [],
  );
}
