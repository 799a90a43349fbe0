/** The longest stretch one sitting on a question can count for (a laptop left asleep on it). */
const MAX_SEGMENT_MS = 3 * 60 * 60 * 1000;

/** Time on the question in front of the learner since they arrived at it (or since its last save). */
export class SittingClock {
  private enteredAt: number;

  constructor(private readonly now: () => number) {
    this.enteredAt = now();
  }

  /** The sitting so far, without ending it (what a reload would keep). */
  peek(): number {
    return Math.min(MAX_SEGMENT_MS, Math.max(0, this.now() - this.enteredAt));
  }

  /** The sitting so far; the next one starts now. */
  take(): number {
    const elapsed = this.peek();
    this.enteredAt = this.now();
    return elapsed;
  }
}

/**
 * The server keeps the newest save of a question by this number (docs/decisions/0018-exam-day-arrival.md):
 * the time of the save on the server's clock as this browser knows it, so another device's saves
 * compare with ours, and never below the last one + 1 (kept with the local copy), so a reload or a
 * clock set back cannot send a newer answer with an older number.
 */
export function nextSaveSequence(
  lastSequence: number | undefined,
  nowMs: number,
  clockOffsetMs: number,
): number {
  return Math.max((lastSequence ?? 0) + 1, Math.round(nowMs + clockOffsetMs));
}
