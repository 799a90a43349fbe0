import { paths } from './paths';

/**
 * A live test's quiz route (DESIGN.md §6.3): its module's mock-test route with `?live=<scheduledTestId>`.
 * Apart from paths.ts, which the first page loads: /login's bytes are budgeted.
 */
export const LIVE_TEST_PARAM = 'live';

export const liveQuizPath = (examSlug: string, moduleSlug: string, scheduledTestId: string) =>
  `${paths.quiz(examSlug, 'module', moduleSlug)}?${LIVE_TEST_PARAM}=${encodeURIComponent(scheduledTestId)}`;

/** A live test's route: one attempt, so its start dialog never offers to start afresh. */
export const isLiveQuizPath = (to: string) =>
  new URLSearchParams(to.split('?')[1] ?? '').has(LIVE_TEST_PARAM);
