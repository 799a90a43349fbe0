import { apiPaths } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';
import { withRetryAfter, type Envelope } from './types';

/** POST /v1/auth/resend-otp {email}: a new forgot-password code. */
export const resendOtpApi = api.injectEndpoints({
  endpoints: (build) => ({
    resendOtp: build.mutation<Envelope<null>, { email: string }>({
      query: (body) => ({ url: apiPaths.resendOtp, method: 'POST', body }),
      transformResponse: withMessage,
      transformErrorResponse: withRetryAfter,
    }),
  }),
});
export const { useResendOtpMutation } = resendOtpApi;
