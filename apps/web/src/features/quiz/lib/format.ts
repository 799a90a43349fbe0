/** Countdown text: minutes:seconds, minutes not capped at 59 ("180:00"). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Seconds left, rounded up, from the server's deadline and the server-minus-browser clock offset. */
export function remainingSeconds(deadlineMs: number, browserNowMs: number, offsetMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - (browserNowMs + offsetMs)) / 1000));
}
