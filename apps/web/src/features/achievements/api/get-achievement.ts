import { apiPaths, buildPath, type Achievement } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** GET /v1/achievements/:id — the public, verifiable achievement behind a post's link (no sign-in). */
export const getAchievementApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAchievement: build.query<Achievement, string>({
      query: (id) => buildPath(apiPaths.achievement, { id }),
    }),
  }),
});
export const { useGetAchievementQuery } = getAchievementApi;
