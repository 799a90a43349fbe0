import { apiPaths, type AttemptsData, type AttemptsQuery } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** GET /v1/assessment/details?entityType&entitySlug&page&limit — page is 1-based. */
export const getAttemptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAttempts: build.query<AttemptsData, AttemptsQuery>({
      query: ({ entityType, entitySlug, page, limit }) => ({
        url: apiPaths.assessmentDetails,
        params: { entityType, entitySlug, page, limit },
      }),
      providesTags: ['Attempts'],
    }),
  }),
});
export const { useGetAttemptsQuery } = getAttemptsApi;
