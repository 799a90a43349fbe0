/** "14:05" in the browser's time zone (the server's messages say UTC; screens say local time). */
export const clockTime = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** "Tue 25 Nov, 14:05" for a moment further than today. */
export const dayAndTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * The web's texts of the contract's liveTestMessages, written out here: using that object put it in
 * the shared chunk that /login loads, whose bytes are budgeted.
 */
export const liveTexts = {
  /** "Submitted — results open at 14:05" (liveTestMessages.submittedResultsAt). */
  resultsOpenAt: (iso: string) => `Submitted — results open at ${clockTime(iso)}`,
  rankingInProgress: 'The ranking is being computed. Please try again in a few seconds.',
} as const;

/** "1:02:03" or "04:05": how long until a moment, by the countdown's reading of the server's clock. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The 409 body's `availableAt` (ISO), read without the contract's zod schema (result-page bytes). */
export function availableAtIn(error: unknown): string | null {
  const at = (error as { data?: { availableAt?: unknown } } | undefined)?.data?.availableAt;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : null;
}
