import { apiPaths, type Post } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** GET /v1/post — the learner's achievement posts, newest first. */
export const listPostsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPosts: build.query<Post[], void>({
      query: () => apiPaths.posts,
      transformResponse: (data: { posts: Post[] }) => data.posts,
      providesTags: ['Posts'],
    }),
  }),
});
export const { useListPostsQuery } = listPostsApi;
