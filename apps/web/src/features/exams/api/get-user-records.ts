import { apiPaths, type PerformanceRecord, type TopicMastery } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

export interface UserRecordsView {
  records: PerformanceRecord[];
  /** Mastery per topic the learner has answered (docs/product.md#mastery-and-adaptive-sessions). */
  mastery: TopicMastery[];
}

/** GET /api/v1/user-records — the signed-in learner's performance records and mastery per topic. */
export const getUserRecordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserRecords: build.query<UserRecordsView, void>({
      query: () => apiPaths.userRecords,
      transformResponse: (data: { data: PerformanceRecord[]; mastery?: TopicMastery[] }) => ({
        records: data.data,
        mastery: data.mastery ?? [],
      }),
      providesTags: ['Records'],
    }),
  }),
});
export const { useGetUserRecordsQuery } = getUserRecordsApi;
