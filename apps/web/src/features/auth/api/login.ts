import { apiPaths, type LoginForm, type Session } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';
import type { Envelope } from './types';

/** POST /v1/auth/login {email, password} → {user, tokens}. */
export const loginApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Envelope<Session>, LoginForm>({
      query: (body) => ({ url: apiPaths.login, method: 'POST', body }),
    }),
  }),
});
export const { useLoginMutation } = loginApi;
