import { apiPaths, type ScheduledTestsData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/**
 * GET /api/v1/scheduled-tests?examSlug= — upcoming, live and past live tests with the learner's state,
 * and their percentile trend (docs/product.md#live-test-rules). Without an exam: every exam's.
 */
export const getScheduledTestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getScheduledTests: build.query<ScheduledTestsData, string | undefined>({
      query: (examSlug) => ({ url: apiPaths.scheduledTests, params: examSlug ? { examSlug } : {} }),
    }),
  }),
});
export const { useGetScheduledTestsQuery } = getScheduledTestsApi;
