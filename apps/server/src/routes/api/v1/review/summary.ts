import { apiMessages, apiPaths, envelope, reviewSummaryData, reviewSummaryQuery } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';
import { errors } from '../shared.js';

const reviewSummaryRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    apiPaths.reviewSummary,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['tutor'],
        summary: "The learner's review queue: due now, due today and total, overall and per subject",
        description:
          'Questions got wrong, left blank or guessed right enter the queue, scheduled with FSRS. ' +
          '`examSlug` narrows it to one exam (404 for an unknown one); `tzOffsetMinutes` ' +
          '(Date.getTimezoneOffset()) makes "today" end at the learner\'s midnight.',
        security: [{ bearer: [] }],
        querystring: reviewSummaryQuery,
        response: { 200: envelope(reviewSummaryData), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await fastify.review.summary(userIdOf(request), request.query),
    }),
  );
};
export default reviewSummaryRoute;
