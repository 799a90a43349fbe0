import { apiPaths, type RecentAttemptsData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** GET /api/v1/assessment/recent — the learner's latest completed timed attempts, newest first. */
export const getRecentAttemptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRecentAttempts: build.query<RecentAttemptsData, void>({
      query: () => apiPaths.assessmentsRecent,
      providesTags: ['Attempts'],
    }),
  }),
});
export const { useGetRecentAttemptsQuery } = getRecentAttemptsApi;
