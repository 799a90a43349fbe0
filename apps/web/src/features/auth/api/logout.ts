import { apiPaths } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

export const logoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<{ message: string }, { refresh_token?: string }>({
      query: (body) => ({ url: apiPaths.logout, method: 'POST', body }),
    }),
  }),
});
export const { useLogoutMutation } = logoutApi;
