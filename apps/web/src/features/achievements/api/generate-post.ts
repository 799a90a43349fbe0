import { apiPaths, type GeneratePostBody, type Post } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** POST /v1/post/generate {assessmentSlug} — drafts a post (or returns the attempt's current draft). */
export const generatePostApi = api.injectEndpoints({
  endpoints: (build) => ({
    generatePost: build.mutation<Post, GeneratePostBody>({
      query: (body) => ({ url: apiPaths.postGenerate, method: 'POST', body }),
      transformResponse: (data: { post: Post }) => data.post,
      invalidatesTags: ['Posts'],
    }),
  }),
});
export const { useGeneratePostMutation } = generatePostApi;
