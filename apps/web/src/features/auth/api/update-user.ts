import { apiPaths, type User } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';
import type { Envelope } from './types';

/** PUT /v1/users {name?, phone?}: updates the profile, answers the user. */
export const updateUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateUser: build.mutation<Envelope<User>, { name?: string; phone?: string }>({
      query: (body) => ({ url: apiPaths.users, method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
  }),
});
export const { useUpdateUserMutation } = updateUserApi;
