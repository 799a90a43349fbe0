import { apiPaths } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';
import type { Envelope } from './types';

/** POST /v1/auth/verify-otp {email, emailOtp (a number)} → data.token for /reset-password. */
export const verifyOtpApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyOtp: build.mutation<Envelope<{ token: string }>, { email: string; emailOtp: number }>({
      query: (body) => ({ url: apiPaths.verifyOtp, method: 'POST', body }),
      transformResponse: withMessage,
    }),
  }),
});
export const { useVerifyOtpMutation } = verifyOtpApi;
