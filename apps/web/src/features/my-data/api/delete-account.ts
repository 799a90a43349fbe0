import { myDataPaths, type DeleteAccountBody, type DeletedAccount } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** DELETE /v1/users/me {password}: deletes the signed-in learner's account. */
export const deleteAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteAccount: build.mutation<DeletedAccount, DeleteAccountBody>({
      query: (body) => ({ url: myDataPaths.me, method: 'DELETE', body }),
    }),
  }),
});
export const { useDeleteAccountMutation } = deleteAccountApi;
