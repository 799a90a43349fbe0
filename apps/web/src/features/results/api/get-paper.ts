import { apiPaths, buildPath, type SessionData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/**
 * GET /v1/assessment/session/:slug for a submitted session whose result is not open yet (a live test's
 * paper before its release): its questions as the learner was given them, without keys or scores.
 */
export const getPaperApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubmittedPaper: build.query<SessionData, string>({
      query: (slug) => buildPath(apiPaths.assessmentSession, { slug }),
    }),
  }),
});
export const { useGetSubmittedPaperQuery } = getPaperApi;
