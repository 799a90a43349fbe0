import { apiPaths, type RegisterForm, type Session } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';
import type { Envelope } from './types';

/** POST /v1/auth/signup with the register fields (phone sent as text) → {user, tokens}. */
export const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<Envelope<Session>, RegisterForm>({
      query: (body) => ({ url: apiPaths.signup, method: 'POST', body }),
      transformResponse: withMessage,
    }),
  }),
});
export const { useRegisterMutation } = registerApi;
