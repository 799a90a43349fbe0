import { apiMessages, apiPaths, envelope, rankingData, scheduledTestParams } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';
import { errors } from '../shared.js';

const rankingRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    apiPaths.scheduledTestRanking,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['live tests'],
        summary: 'A live test’s ranking: my rank and NTA percentile, the distribution, the top 10 %',
        description:
          '404 for an unknown or cancelled test; 409 with `availableAt` until the test has closed and ' +
          'been ranked. A learner who did not take it gets the figures with `you: null`.',
        security: [{ bearer: [] }],
        params: scheduledTestParams,
        response: { 200: envelope(rankingData), ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await fastify.liveTests.ranking(userIdOf(request), request.params.id),
    }),
  );
};
export default rankingRoute;
