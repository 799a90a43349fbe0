import { apiPaths, buildPath } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

export interface SubmitArgs {
  slug: string;
  /** The evaluation ids the learner opened: the review queue keeps a blank one only if it was opened. */
  visited: string[];
}

/** POST /v1/assessment/:slug/submit — completes the session (idempotent); the response is not read. */
export const submitAssessmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitAssessment: build.mutation<null, SubmitArgs>({
      query: ({ slug, visited }) => ({
        url: buildPath(apiPaths.assessmentSubmit, { slug }),
        method: 'POST',
        body: { visited },
      }),
      transformResponse: () => null,
      invalidatesTags: (_result, _error, { slug }) => [{ type: 'Result', id: slug }, 'Attempts', 'Records'],
    }),
  }),
});
