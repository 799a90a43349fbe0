import { apiPaths, type LinkedinConnectionData, type LinkedinTokenBody } from '@ai-tutor/contract';
import { linkedinApi } from './linkedin-tags';

/** POST /v1/auth/linkedin/token {code, redirectUri} — the server exchanges and stores the token. */
export const exchangeLinkedinTokenApi = linkedinApi.injectEndpoints({
  endpoints: (build) => ({
    exchangeLinkedinToken: build.mutation<LinkedinConnectionData, LinkedinTokenBody>({
      query: (body) => ({ url: apiPaths.linkedinToken, method: 'POST', body }),
      invalidatesTags: ['LinkedinConnection'],
    }),
  }),
});
export const { useExchangeLinkedinTokenMutation } = exchangeLinkedinTokenApi;
