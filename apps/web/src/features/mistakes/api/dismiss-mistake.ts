import { apiPaths, buildPath } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';

/** POST /v1/mistakes/:questionId/dismiss — "I've got this": the entry leaves the notebook (and the review queue's counts are asked again). */
export const dismissMistakeApi = api.injectEndpoints({
  endpoints: (build) => ({
    dismissMistake: build.mutation<string, string>({
      query: (questionId) => ({ url: buildPath(apiPaths.mistakeDismiss, { questionId }), method: 'POST' }),
      /** The server's message ("Removed from your review queue."), for the toast. */
      transformResponse: (data, meta) => withMessage(data, meta).message,
      invalidatesTags: ['Mistakes', 'Review'],
    }),
  }),
});
export const { useDismissMistakeMutation } = dismissMistakeApi;
