import { apiMessages, apiPaths, assessmentSlugParams, envelope, sessionData } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';

const sessionRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    apiPaths.assessmentSession,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['quiz'],
        summary: 'Resume a session (no answer key; completed sessions say so)',
        params: assessmentSlugParams,
        response: { 200: envelope(sessionData) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await fastify.quiz.session(userIdOf(request), request.params.slug),
    }),
  );
};
export default sessionRoute;
