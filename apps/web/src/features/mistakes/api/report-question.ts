import { apiPaths, buildPath, type QuestionReportBody } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';

/** POST /v1/questions/:id/reports — a learner flags a question (wrong key, typo, unclear, other). */
export const reportQuestionApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportQuestion: build.mutation<{ message: string }, { questionId: string; body: QuestionReportBody }>({
      query: ({ questionId, body }) => ({
        url: buildPath(apiPaths.questionReports, { id: questionId }),
        method: 'POST',
        body,
      }),
      transformResponse: (data, meta) => ({ message: withMessage(data, meta).message }),
    }),
  }),
});
export const { useReportQuestionMutation } = reportQuestionApi;
