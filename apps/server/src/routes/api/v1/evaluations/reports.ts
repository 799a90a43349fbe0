import {
  envelope,
  evaluationReportData,
  evaluationReportParams,
  evaluationReportsPath,
  questionReportBody,
  tutorMessages,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';
import { errors } from '../shared.js';

/**
 * A learner reports a question of their own session by its evaluation (docs/product.md#question-reports):
 * the quiz of a live test and its held result, which never show the question's id, report this way.
 */
const evaluationReportsRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    evaluationReportsPath,
    {
      // The same ceiling as reports by question id, one counter for both (plugins/app/review.ts).
      preHandler: [fastify.requireLearner, fastify.reportLimit],
      schema: {
        tags: ['tutor'],
        summary:
          'Report a question of one of your sessions by its evaluation: wrong key, typo, unclear, other',
        description:
          'The question at that place of the learner’s own session, running or completed, also a live ' +
          'test’s before its results are released (404 for another learner’s session). One open report ' +
          'per learner and question, shared with POST /v1/questions/{id}/reports: reporting again ' +
          'updates its reason and note. The answer never names the question.',
        security: [{ bearer: [] }],
        params: evaluationReportParams,
        body: questionReportBody,
        response: { 200: envelope(evaluationReportData), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { report, updated } = await fastify.reports.evaluation(
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
export default evaluationReportsRoute;
