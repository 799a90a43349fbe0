/**
 * Foreground first (docs/decisions/0018-exam-day-arrival.md): while learners are starting tests and
 * saving answers faster than the server takes them, background work (the history drain with its
 * question statistics and review cards, the quiz sweep) waits its turn instead of competing for the
 * same connections and core. A background job asks its gate before each tick; the gate says no while
 * any watched source is busy, but never for longer than the job's `maxDeferMs`, so the work is late,
 * never lost.
 */
export function createForegroundFirst(now: () => number = () => performance.now()) {
  const sources: Array<() => boolean> = [];
  const busy = () => sources.some((source) => source());
  return {
    /** A source of foreground pressure: true while it is busy (the start queue, saves in flight). */
    watch(source: () => boolean): void {
      sources.push(source);
    },
    busy,
    /** One background job's gate: call it at each tick; false means skip this tick. */
    gate(maxDeferMs: number): () => boolean {
      let deferredSince: number | null = null;
      return () => {
        if (!busy()) {
          deferredSince = null;
          return true;
        }
        const t = now();
        deferredSince ??= t;
        if (t - deferredSince < maxDeferMs) return false;
        deferredSince = null;
        return true;
      };
    },
  };
}
export type ForegroundFirst = ReturnType<typeof createForegroundFirst>;
