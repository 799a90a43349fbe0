import { apiPaths } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';
import { withRetryAfter, type Envelope } from './types';

/** POST /v1/auth/resend-user-otp (no payload): mails a new account code. */
export const resendUserOtpApi = api.injectEndpoints({
  endpoints: (build) => ({
    resendUserOtp: build.mutation<Envelope<null>, void>({
      query: () => ({ url: apiPaths.resendUserOtp, method: 'POST' }),
      transformResponse: withMessage,
      transformErrorResponse: withRetryAfter,
    }),
  }),
});
export const { useResendUserOtpMutation } = resendUserOtpApi;
