import { apiPaths, buildPath, type ExplainData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** POST /v1/evaluations/:id/explain — the AI tutor on one question of a completed attempt. */
export const explainEvaluationApi = api.injectEndpoints({
  endpoints: (build) => ({
    explainEvaluation: build.mutation<ExplainData, string>({
      query: (id) => ({ url: buildPath(apiPaths.evaluationExplain, { id }), method: 'POST' }),
    }),
  }),
});
export const { useExplainEvaluationMutation } = explainEvaluationApi;
