import { apiPaths, buildPath } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';
import type { Envelope } from './types';

/** GET /v1/invitecode/verify/{code}: 200 for a usable code, 404 otherwise. */
export const checkInviteCodeApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkInviteCode: build.query<Envelope<null>, string>({
      query: (code) => buildPath(apiPaths.inviteCodeCheck, { code: code.trim() }),
      transformResponse: withMessage,
      keepUnusedDataFor: 0,
    }),
  }),
});
export const { useLazyCheckInviteCodeQuery } = checkInviteCodeApi;
