import { apiPaths, buildPath, type CheckAnswerBody, type CheckAnswerData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/**
 * POST /v1/evaluations/:id/check — practice and review: locks the answer and answers right or wrong,
 * the key and the explanation (docs/product.md#practice-and-review-sessions).
 */
export const checkAnswerApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkAnswer: build.mutation<CheckAnswerData, { evaluationId: string; body: CheckAnswerBody }>({
      query: ({ evaluationId, body }) => ({
        url: buildPath(apiPaths.evaluationCheck, { id: evaluationId }),
        method: 'POST',
        body,
      }),
    }),
  }),
});
export const { useCheckAnswerMutation } = checkAnswerApi;
