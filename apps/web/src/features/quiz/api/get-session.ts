import { apiPaths, buildPath, type SessionData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** GET /v1/assessment/session/:slug — the running session, for resuming after a reload. */
export const getSessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAssessmentSession: build.query<SessionData, string>({
      query: (slug) => buildPath(apiPaths.assessmentSession, { slug }),
      providesTags: (_result, _error, slug) => [{ type: 'Session', id: slug }],
      keepUnusedDataFor: 0,
    }),
  }),
});
