import { apiPaths, type User } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';
import { userLoaded } from '../../../stores/auth-slice';
import type { Envelope } from './types';

/** PUT /v1/users {name?, phone?}: updates the profile, answers the user. */
export const updateUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateUser: build.mutation<Envelope<User>, { name?: string; phone?: string }>({
      query: (body) => ({ url: apiPaths.users, method: 'PUT', body }),
      transformResponse: withMessage,
      // The signed-in user lives in the auth state (loaded once at start-up): keep it current.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(userLoaded(data.data));
      },
    }),
  }),
});
export const { useUpdateUserMutation } = updateUserApi;
