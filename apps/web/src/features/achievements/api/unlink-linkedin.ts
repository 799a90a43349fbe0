import { apiPaths, buildPath } from '@ai-tutor/contract';
import { linkedinApi } from './linkedin-tags';

/** PUT /v1/users/:id/unlink-linkedin — forgets the learner's LinkedIn token (own id only). */
export const unlinkLinkedinApi = linkedinApi.injectEndpoints({
  endpoints: (build) => ({
    unlinkLinkedin: build.mutation<{ message: string }, string>({
      query: (userId) => ({ url: buildPath(apiPaths.unlinkLinkedin, { id: userId }), method: 'PUT' }),
      invalidatesTags: ['LinkedinConnection'],
    }),
  }),
});
export const { useUnlinkLinkedinMutation } = unlinkLinkedinApi;
