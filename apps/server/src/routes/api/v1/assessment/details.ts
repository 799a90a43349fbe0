import { apiMessages, apiPaths, attemptsData, attemptsQuery, envelope } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';

const attemptsRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    apiPaths.assessmentDetails,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['results'],
        summary: 'The signed-in learner’s completed attempts of a module, subject or topic, newest first',
        querystring: attemptsQuery,
        response: { 200: envelope(attemptsData) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await fastify.quiz.attempts(userIdOf(request), request.query),
    }),
  );
};
export default attemptsRoute;
