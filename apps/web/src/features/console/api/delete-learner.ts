import { myDataPaths, type AdminDeleteLearnerBody, type DeletedAccount } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** DELETE /api/v1/admin/learners/:id: an admin deletes a learner's account, with a reason. */
export const deleteLearnerApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteLearner: build.mutation<DeletedAccount, { id: string } & AdminDeleteLearnerBody>({
      query: ({ id, ...body }) => ({
        url: myDataPaths.adminLearner.replace(':id', encodeURIComponent(id)),
        method: 'DELETE',
        body,
      }),
    }),
  }),
});
export const { useDeleteLearnerMutation } = deleteLearnerApi;
