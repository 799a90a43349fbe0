/**
 * A learner's accommodations as the learner sees them (the test instructions screen): the extra time
 * an operator granted and the sentence that says it. No zod: the learner's exam screen imports this.
 */
export interface Accommodations {
  extraTimePercent: number;
  extraTimeMinutes: number;
}

/** `GET /api/v1/users/me/accommodations` (relative to `/api`, as apiPaths are). */
export const accommodationsPath = '/v1/users/me/accommodations';

/**
 * The minutes a timed test of `minutes` lasts for this learner: the percentage rounded up, plus the
 * minutes. The server's start computes the same in SQL (apps/server/src/services/quiz/extra-time.ts).
 */
export const minutesWithExtraTime = (minutes: number, extra: Accommodations): number =>
  minutes + Math.ceil((minutes * extra.extraTimePercent) / 100) + extra.extraTimeMinutes;

export const hasExtraTime = (extra: Accommodations | null | undefined): extra is Accommodations =>
  !!extra && (extra.extraTimePercent > 0 || extra.extraTimeMinutes > 0);

/** 'You have 25 % extra time: 225 minutes.' (or '30 minutes', or '25 % and 10 minutes'). */
export function extraTimeSentence(minutes: number, extra: Accommodations): string {
  const parts = [
    extra.extraTimePercent > 0 ? `${extra.extraTimePercent} %` : '',
    extra.extraTimeMinutes > 0
      ? `${extra.extraTimeMinutes} minute${extra.extraTimeMinutes === 1 ? '' : 's'}`
      : '',
  ].filter(Boolean);
  const total = minutesWithExtraTime(minutes, extra);
  return `You have ${parts.join(' and ')} extra time: ${total} minute${total === 1 ? '' : 's'}.`;
}
