import { apiPaths, type PublicConfig } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** GET /v1/config: whether Google sign-in is on (its client id), read by the login screen. */
export const signInConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSignInConfig: build.query<PublicConfig, void>({
      query: () => apiPaths.config,
      transformResponse: (response: { data: PublicConfig }) => response.data,
    }),
  }),
});
export const { useGetSignInConfigQuery } = signInConfigApi;
