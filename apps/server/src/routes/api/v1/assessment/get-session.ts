import { apiMessages, apiPaths, assessmentSlugParams, envelope, resultData } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';

const resultRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    apiPaths.assessmentResult,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['results'],
        summary: 'A completed session with answers, explanations and scores',
        description: '409 while the session is still running; an expired session is completed first.',
        params: assessmentSlugParams,
        response: { 200: envelope(resultData) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await fastify.quiz.result(userIdOf(request), request.params.slug),
    }),
  );
};
export default resultRoute;
