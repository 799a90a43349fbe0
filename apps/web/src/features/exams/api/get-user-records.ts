import { apiPaths, type PerformanceRecord } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** GET /api/v1/user-records — the signed-in learner's performance records. */
export const getUserRecordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserRecords: build.query<PerformanceRecord[], void>({
      query: () => apiPaths.userRecords,
      transformResponse: (data: { data: PerformanceRecord[] }) => data.data,
      providesTags: ['Records'],
    }),
  }),
});
export const { useGetUserRecordsQuery } = getUserRecordsApi;
