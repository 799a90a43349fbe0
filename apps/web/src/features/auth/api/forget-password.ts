import { apiPaths, type ForgotPasswordForm } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';
import type { Envelope } from './types';

/** POST /v1/auth/forget-password {email}: mails a reset code (same answer for unknown addresses). */
export const forgetPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    forgetPassword: build.mutation<Envelope<null>, ForgotPasswordForm>({
      query: (body) => ({ url: apiPaths.forgetPassword, method: 'POST', body }),
      transformResponse: withMessage,
    }),
  }),
});
export const { useForgetPasswordMutation } = forgetPasswordApi;
