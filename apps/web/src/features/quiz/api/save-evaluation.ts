import { apiPaths, type SaveEvaluationBody, type Evaluation } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

export interface SaveEvaluationResult {
  evaluation: Evaluation;
  serverTime: string;
}

/** POST /v1/evaluations — one question's answer and/or review mark; idempotent on the server. */
export const saveEvaluationApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveEvaluation: build.mutation<SaveEvaluationResult, SaveEvaluationBody>({
      query: (body) => ({ url: apiPaths.evaluations, method: 'POST', body }),
      transformResponse: (response: { data: SaveEvaluationResult }) => response.data,
    }),
  }),
});
