import { apiPaths, buildPath, type ResultData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** GET /v1/assessment/get-session/:slug — a completed session with answers, explanations and scores. */
export const getResultApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAssessmentResult: build.query<ResultData, string>({
      query: (slug) => buildPath(apiPaths.assessmentResult, { slug }),
      providesTags: (_result, _error, slug) => [{ type: 'Result', id: slug }],
    }),
  }),
});
export const { useGetAssessmentResultQuery } = getResultApi;
