/**
 * Runs `callback` once the frame being prepared now has been drawn: a first requestAnimationFrame's
 * callback runs before that frame is drawn, a second one's after it. `delayMs` waits a little longer
 * (a drawn frame can take a few milliseconds more to reach the screen). Returns a cancel function.
 */
export function afterPaint(callback: () => void, delayMs = 0): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      if (delayMs > 0) timer = setTimeout(callback, delayMs);
      else callback();
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
