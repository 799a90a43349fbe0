import { paths } from './paths';

/**
 * A live test's quiz route (docs/product.md#live-tests): its module's mock-test route with `?live=<scheduledTestId>`.
 * Apart from paths.ts, which the first page loads: /login's bytes are budgeted.
 */
export const LIVE_TEST_PARAM = 'live';

export const liveQuizPath = (examSlug: string, moduleSlug: string, scheduledTestId: string) =>
  `${paths.quiz(examSlug, 'module', moduleSlug)}?${LIVE_TEST_PARAM}=${encodeURIComponent(scheduledTestId)}`;
