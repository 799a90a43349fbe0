import { apiPaths, type RegisterForm, type Session } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';
import { withRetryAfter } from '../../../lib/retry-after';
import type { Envelope } from './types';

/**
 * POST /v1/auth/signup with the register fields (phone sent as text) → {user, tokens}. A 503 carries
 * Retry-After (the password-hash queue is full); it is kept on the error.
 */
export const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<Envelope<Session>, RegisterForm>({
      query: (body) => ({ url: apiPaths.signup, method: 'POST', body }),
      transformResponse: withMessage,
      // A 503 from the password-hash queue says when to try again: the form waits its turn.
      transformErrorResponse: withRetryAfter,
    }),
  }),
});
export const { useRegisterMutation } = registerApi;
