import { apiPaths, buildPath, type ResultData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** The result inside the server's envelope `{ message, data }`. */
export const resultFromResponse = (response: { data: ResultData }): ResultData => response.data;

/** GET /v1/assessment/get-session/:slug — a completed session with answers, explanations and scores. */
export const getResultApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAssessmentResult: build.query<ResultData, string>({
      query: (slug) => buildPath(apiPaths.assessmentResult, { slug }),
      transformResponse: resultFromResponse,
      providesTags: (_result, _error, slug) => [{ type: 'Result', id: slug }],
    }),
  }),
});
export const { useGetAssessmentResultQuery } = getResultApi;
