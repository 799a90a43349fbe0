import { apiPaths, type Post } from '@ai-tutor/contract';
import { linkedinApi } from './linkedin-tags';

/** POST /v1/linkedin/post {postId} — publishes a draft through LinkedIn's Posts API. */
export const publishLinkedinPostApi = linkedinApi.injectEndpoints({
  endpoints: (build) => ({
    publishLinkedinPost: build.mutation<Post, string>({
      query: (postId) => ({ url: apiPaths.linkedinPost, method: 'POST', body: { postId } }),
      transformResponse: (data: { post: Post }) => data.post,
      // A 409 may mean the connection expired and was forgotten: read it again either way.
      invalidatesTags: ['Posts', 'LinkedinConnection'],
    }),
  }),
});
export const { usePublishLinkedinPostMutation } = publishLinkedinPostApi;
