import { apiPaths } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';
import type { Envelope } from './types';

/** POST /v1/auth/reset-password {token, password}. */
export const resetPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    resetPassword: build.mutation<Envelope<null>, { token: string; password: string }>({
      query: (body) => ({ url: apiPaths.resetPassword, method: 'POST', body }),
      transformResponse: withMessage,
    }),
  }),
});
export const { useResetPasswordMutation } = resetPasswordApi;
