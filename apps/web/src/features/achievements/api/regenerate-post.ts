import { apiPaths, buildPath, type Post } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** PATCH /v1/post/regenerate/:id — rewrites a draft. */
export const regeneratePostApi = api.injectEndpoints({
  endpoints: (build) => ({
    regeneratePost: build.mutation<Post, string>({
      query: (id) => ({ url: buildPath(apiPaths.postRegenerate, { id }), method: 'PATCH' }),
      transformResponse: (data: { post: Post }) => data.post,
      invalidatesTags: ['Posts'],
    }),
  }),
});
export const { useRegeneratePostMutation } = regeneratePostApi;
