import { apiPaths, type InviteCodeForm, type Session } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';
import type { Envelope } from './types';

/** POST /v1/invitecode/verify {inviteCode} (signed in) → the session with the code used. */
export const verifyInviteApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyInvite: build.mutation<Envelope<Session>, InviteCodeForm>({
      query: (body) => ({ url: apiPaths.inviteCodeVerify, method: 'POST', body }),
      transformResponse: withMessage,
    }),
  }),
});
export const { useVerifyInviteMutation } = verifyInviteApi;
