import { apiPaths, type Session } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';
import type { Envelope } from './types';

/** POST /v2/auth/google {authorization: Google's credential} → {user, tokens}. */
export const googleLoginApi = api.injectEndpoints({
  endpoints: (build) => ({
    googleLogin: build.mutation<Envelope<Session>, { authorization: string }>({
      query: (body) => ({ url: apiPaths.googleLogin, method: 'POST', body }),
    }),
  }),
});
export const { useGoogleLoginMutation } = googleLoginApi;
