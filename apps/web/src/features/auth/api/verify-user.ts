import { apiPaths, type Session } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';
import type { Envelope } from './types';

/** POST /v1/auth/verify-user {email, emailOtp (a number)} → the session with `verified: true`. */
export const verifyUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyUser: build.mutation<Envelope<Session>, { email: string; emailOtp: number }>({
      query: (body) => ({ url: apiPaths.verifyUser, method: 'POST', body }),
      transformResponse: withMessage,
    }),
  }),
});
export const { useVerifyUserMutation } = verifyUserApi;
