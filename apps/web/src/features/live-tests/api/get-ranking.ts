import { apiPaths, buildPath, type RankingData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/**
 * GET /api/v1/scheduled-tests/:id/ranking — rank, NTA percentile, the score distribution and the top
 * 10 %'s figures per subject. 409 with `availableAt` until the ranking is ready.
 */
export const getRankingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRanking: build.query<RankingData, string>({
      query: (id) => buildPath(apiPaths.scheduledTestRanking, { id }),
    }),
  }),
});
export const { useGetRankingQuery } = getRankingApi;
