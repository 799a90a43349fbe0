import type { Assessment } from '@ai-tutor/contract';

/**
 * The clock the server wrote at the end of a session's name ('Physics Quiz · 24 Nov 2026, 20:23'): its
 * own time zone's (UTC in a container), not the learner's.
 */
const SERVER_CLOCK = /\s·\s\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * When a session started, in this browser's time zone: '25 Nov 2026, 01:53' (en-GB's short date and
 * 24-hour time). Written out rather than through Intl.DateTimeFormat: the first formatter a page makes
 * loads the locale's data, main-thread work before the page's first paint
 * (docs/decisions/0006-one-spinner-at-start-up.md#measurements).
 */
export function localStartTime(startTime: string): string {
  const date = new Date(startTime);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ` +
    `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
  );
}

/**
 * A session's name as the learner reads it: the scope from the server's name ('Physics Quiz') and the
 * start time in the learner's own time zone, whatever clock the server put in the name.
 */
export function sessionTitle(assessment: Pick<Assessment, 'sessionName' | 'startTime'>): string {
  const scope = assessment.sessionName.replace(SERVER_CLOCK, '');
  const when = localStartTime(assessment.startTime);
  return when ? `${scope} · ${when}` : scope;
}
