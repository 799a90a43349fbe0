import { aiPaths, type LinkedinAuthorizeQuery } from '@ai-tutor/contract';
import { linkedinApi } from './linkedin-tags';

/** GET /v1/auth/linkedin/authorize?redirectUri&state — where to send the learner to connect LinkedIn. */
export const getLinkedinAuthorizeUrlApi = linkedinApi.injectEndpoints({
  endpoints: (build) => ({
    getLinkedinAuthorizeUrl: build.query<string, LinkedinAuthorizeQuery>({
      query: (params) => ({ url: aiPaths.linkedinAuthorize, params }),
      transformResponse: (data: { url: string }) => data.url,
      keepUnusedDataFor: 0,
    }),
  }),
});
export const { useLazyGetLinkedinAuthorizeUrlQuery } = getLinkedinAuthorizeUrlApi;
