import { apiPaths, buildPath, type CheckAnswerBody, type CheckAnswerData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/**
 * POST /v1/evaluations/:id/check — practice and review: right (locked, with the key and the
 * explanation), the solution asked for (`reveal`) or the last try; otherwise "not right yet" with the
 * answer left open (decision 0016; tell them apart with the contract's `isLockedCheck`).
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
