import { apiPaths, buildPath } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** POST /v1/assessment/:slug/submit — completes the session (idempotent); the response is not read. */
export const submitAssessmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitAssessment: build.mutation<null, string>({
      query: (slug) => ({ url: buildPath(apiPaths.assessmentSubmit, { slug }), method: 'POST' }),
      transformResponse: () => null,
      invalidatesTags: (_result, _error, slug) => [{ type: 'Result', id: slug }, 'Attempts', 'Records'],
    }),
  }),
});
