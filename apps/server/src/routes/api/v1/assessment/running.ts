import { apiPaths, envelope, runningAttemptsData } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';

const runningRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    apiPaths.assessmentsRunning,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['quiz'],
        summary: "The learner's running attempts",
        description:
          'One per quiz scope at most (docs/product.md#running-attempts): what each is of, its deadline and the server time, ' +
          'so a start dialog can say "Resume — mm:ss left". Attempts past their deadline are not listed.',
        response: { 200: envelope(runningAttemptsData) },
      },
    },
    async (request) => ({ message: 'Running attempts', data: await fastify.quiz.running(userIdOf(request)) }),
  );
};
export default runningRoute;
