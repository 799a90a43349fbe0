import { apiPaths, buildPath, type Post, type UpdatePostBody } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** PATCH /v1/post/:id {content} — edits a draft (the server keeps its achievement link). */
export const updatePostApi = api.injectEndpoints({
  endpoints: (build) => ({
    updatePost: build.mutation<Post, UpdatePostBody & { id: string }>({
      query: ({ id, content }) => ({
        url: buildPath(apiPaths.post, { id }),
        method: 'PATCH',
        body: { content },
      }),
      transformResponse: (data: { post: Post }) => data.post,
      invalidatesTags: ['Posts'],
    }),
  }),
});
export const { useUpdatePostMutation } = updatePostApi;
