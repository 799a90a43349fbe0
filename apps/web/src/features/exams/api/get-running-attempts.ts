import { apiPaths, type RunningAttemptsData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** GET /api/v1/assessment/running — the learner's running attempts, one per scope (docs/product.md#running-attempts). */
export const getRunningAttemptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRunningAttempts: build.query<RunningAttemptsData, void>({
      query: () => apiPaths.assessmentsRunning,
    }),
  }),
});
export const { useGetRunningAttemptsQuery } = getRunningAttemptsApi;
