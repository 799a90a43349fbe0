import {
  apiPaths,
  envelope,
  questionReportBody,
  questionReportData,
  questionReportParams,
  tutorMessages,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';
import { errors } from '../shared.js';

/** A learner flags a question (docs/product.md#question-reports); operators read them with `npm run cli -- reports list`. */
const questionReportsRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    apiPaths.questionReports,
    {
      // The ceiling is shared with the evaluation's reports (plugins/app/review.ts).
      preHandler: [fastify.requireLearner, fastify.reportLimit],
      schema: {
        tags: ['tutor'],
        summary: 'Report a question: wrong key, typo, unclear, other',
        description:
          'Only a question the learner has been given (404 otherwise). One open report per learner and ' +
          'question: reporting again updates its reason and note.',
        security: [{ bearer: [] }],
        params: questionReportParams,
        body: questionReportBody,
        response: { 200: envelope(questionReportData), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { report, updated } = await fastify.reports.question(
        userIdOf(request),
        request.params.id,
        request.body,
      );
      return {
        message: updated ? tutorMessages.reportUpdated : tutorMessages.reportReceived,
        data: { report },
      };
    },
  );
};
export default questionReportsRoute;
