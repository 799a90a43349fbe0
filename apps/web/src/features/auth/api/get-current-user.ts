import { apiPaths, type User } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<User, void>({
      query: () => apiPaths.currentUser,
      transformResponse: (response: { data: User }) => response.data,
      providesTags: ['User'],
    }),
  }),
});
export const { useGetCurrentUserQuery } = currentUserApi;
