import { apiMessages, apiPaths, envelope, recentAttemptsData } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';

const recentRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    apiPaths.assessmentsRecent,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['results'],
        summary: 'The signed-in learner’s latest completed timed attempts, any exam, newest first',
        response: { 200: envelope(recentAttemptsData) },
      },
    },
    async (request) => ({ message: apiMessages.ok, data: await fastify.quiz.recent(userIdOf(request)) }),
  );
};
export default recentRoute;
