import { adminApiPaths, type BankBulkBody, type BankBulkResult } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** POST /api/v1/admin/questions/bulk: a status or a topic for a selection of the bank. */
export const bulkQuestionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    bulkQuestions: build.mutation<BankBulkResult, BankBulkBody>({
      query: (body) => ({ url: adminApiPaths.questionsBulk, method: 'POST', body }),
    }),
  }),
});
export const { useBulkQuestionsMutation } = bulkQuestionsApi;
