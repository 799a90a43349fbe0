import { apiMessages, apiPaths, envelope, scheduledTestsData, scheduledTestsQuery } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';
import { errors } from '../shared.js';

const scheduledTestsRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    apiPaths.scheduledTests,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['live tests'],
        summary: 'Live tests: upcoming, live and past, with my state, rank and percentile trend',
        description:
          'docs/product.md#live-test-rules. `examSlug` keeps one exam’s tests (and trend). Start one with POST ' +
          '/api/v1/assessment and `scheduledTestId`.',
        security: [{ bearer: [] }],
        querystring: scheduledTestsQuery,
        response: { 200: envelope(scheduledTestsData), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await fastify.liveTests.list(userIdOf(request), request.query.examSlug),
    }),
  );
};
export default scheduledTestsRoute;
