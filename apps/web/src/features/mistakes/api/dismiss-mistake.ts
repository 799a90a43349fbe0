import { apiPaths, buildPath } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** "I've got this": the entry leaves the notebook (and the review queue's counts are asked again). */
export const dismissMistakeApi = api.injectEndpoints({
  endpoints: (build) => ({
    dismissMistake: build.mutation<null, string>({
      query: (id) => ({
        url: `${buildPath(apiPaths.mistakes, {})}/${encodeURIComponent(id)}/dismiss`,
        method: 'POST',
      }),
      transformResponse: () => null,
      invalidatesTags: ['Mistakes', 'Review'],
    }),
  }),
});
export const { useDismissMistakeMutation } = dismissMistakeApi;
