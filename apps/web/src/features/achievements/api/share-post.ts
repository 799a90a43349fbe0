import { apiPaths, buildPath, type Post } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** POST /v1/post/:id/share — the learner shares the post by hand: its achievement page goes public. */
export const sharePostApi = api.injectEndpoints({
  endpoints: (build) => ({
    sharePost: build.mutation<Post, string>({
      query: (id) => ({ url: buildPath(apiPaths.postShare, { id }), method: 'POST' }),
      transformResponse: (data: { post: Post }) => data.post,
      invalidatesTags: ['Posts'],
    }),
  }),
});
export const { useSharePostMutation } = sharePostApi;
