import { useCallback, useRef } from 'react';

/**
 * How long after a move (Save & Next, Prev, Mark, Clear) a second tap on the same button is ignored:
 * the new question is painted well within it, and a double tap's second tap lands inside it (phones
 * send them 100 to 300 ms apart), so a double tap never saves and then skips the next, unseen question.
 */
export const MOVE_SETTLE_MS = 400;

/**
 * Wraps the test screen's moves, each under its own name: a tap on a button whose last move is still
 * settling is ignored, as is the second click of a double click (`detail` 2). Different buttons in
 * quick succession (Mark, then Save & Next) are deliberate and go through.
 */
export function useMoveGuard() {
  const last = useRef(new Map<string, number>());
  return useCallback(
    (name: string, move: () => void) => (event?: { detail?: number; timeStamp?: number }) => {
      if (typeof event?.detail === 'number' && event.detail > 1) return;
      const at = performance.now();
      if (at - (last.current.get(name) ?? Number.NEGATIVE_INFINITY) < MOVE_SETTLE_MS) return;
      last.current.set(name, at);
      move();
    },
    [],
  );
}
