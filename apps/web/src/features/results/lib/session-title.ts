import type { Assessment } from '@ai-tutor/contract';

/**
 * The clock the server wrote at the end of a session's name ('Physics Quiz · 24 Nov 2026, 20:23'): its
 * own time zone's (UTC in a container), not the learner's.
 */
const SERVER_CLOCK = /\s·\s\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/;

/** When a session started, in this browser's time zone: '25 Nov 2026, 01:53'. */
export function localStartTime(startTime: string, timeZone?: string): string {
  const date = new Date(startTime);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/**
 * A session's name as the learner reads it: the scope from the server's name ('Physics Quiz') and the
 * start time in the learner's own time zone, whatever clock the server put in the name.
 */
export function sessionTitle(
  assessment: Pick<Assessment, 'sessionName' | 'startTime'>,
  timeZone?: string,
): string {
  const scope = assessment.sessionName.replace(SERVER_CLOCK, '');
  const when = localStartTime(assessment.startTime, timeZone);
  return when ? `${scope} · ${when}` : scope;
}
