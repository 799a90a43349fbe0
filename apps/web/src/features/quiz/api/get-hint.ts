import { apiPaths, buildPath, type HintData, type HintLevel } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** POST /v1/evaluations/:id/hint {level} — one rung of the hint ladder (practice and review only). */
export const getHintApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHint: build.mutation<HintData, { evaluationId: string; level: HintLevel }>({
      query: ({ evaluationId, level }) => ({
        url: buildPath(apiPaths.evaluationHint, { id: evaluationId }),
        method: 'POST',
        body: { level },
      }),
    }),
  }),
});
export const { useGetHintMutation } = getHintApi;
