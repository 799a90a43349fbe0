import { aiPaths, type LinkedinConnectionData } from '@ai-tutor/contract';
import { linkedinApi } from './linkedin-tags';

/** GET /v1/linkedin/connection — is LinkedIn set up here, and is the learner connected? */
export const getLinkedinConnectionApi = linkedinApi.injectEndpoints({
  endpoints: (build) => ({
    getLinkedinConnection: build.query<LinkedinConnectionData, void>({
      query: () => aiPaths.linkedinConnection,
      providesTags: ['LinkedinConnection'],
    }),
  }),
});
export const { useGetLinkedinConnectionQuery } = getLinkedinConnectionApi;
