import { apiPaths, buildPath, evaluationReportsPath, type QuestionReportBody } from '@ai-tutor/contract';
import { api, withMessage } from '../../../lib/api-client';

/**
 * What a report is about: a question by its id (the notebook), or the question at a place of the
 * learner's own session by its evaluation (a live test's quiz and held result, which show no question
 * id). One way of reporting either way: the same dialog, body, limit and messages.
 */
export type ReportTarget = { questionId: string } | { evaluationId: string };

/** POST /v1/questions/:id/reports or /v1/evaluations/:id/reports — a learner flags a question. */
export const reportQuestionApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportQuestion: build.mutation<{ message: string }, { target: ReportTarget; body: QuestionReportBody }>({
      query: ({ target, body }) => ({
        url:
          'questionId' in target
            ? buildPath(apiPaths.questionReports, { id: target.questionId })
            : buildPath(evaluationReportsPath, { id: target.evaluationId }),
        method: 'POST',
        body,
      }),
      transformResponse: (data, meta) => ({ message: withMessage(data, meta).message }),
    }),
  }),
});
export const { useReportQuestionMutation } = reportQuestionApi;
