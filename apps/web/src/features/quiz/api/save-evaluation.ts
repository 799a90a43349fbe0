import { apiPaths, type SaveEvaluationBody, type SaveEvaluationData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** POST /v1/evaluations — one question's answer and/or review mark; idempotent on the server. */
export const saveEvaluationApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveEvaluation: build.mutation<SaveEvaluationData, SaveEvaluationBody>({
      query: (body) => ({ url: apiPaths.evaluations, method: 'POST', body }),
    }),
  }),
});
