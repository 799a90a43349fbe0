import { adminApiPaths, type BankPage, type BankQuery } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** GET /api/v1/admin/questions: a page of the question bank, searched, filtered and sorted. */
export const getQuestionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuestions: build.query<BankPage, BankQuery>({
      query: (params) => ({ url: adminApiPaths.questions, params }),
      keepUnusedDataFor: 0,
    }),
  }),
});
export const { useGetQuestionsQuery } = getQuestionsApi;
