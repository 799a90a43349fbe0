import { apiPaths, createAssessmentBody, envelope, quizMessages, sessionData } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';

const createRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    apiPaths.assessments,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['quiz'],
        summary: 'Start a module mock test, subject quiz or topic quiz',
        description:
          'Draws the questions and creates the session in one transaction. 404 for an unknown exam, module, ' +
          'subject or topic (or one outside its parent); 409 when no question is available.',
        body: createAssessmentBody,
        response: { 201: envelope(sessionData) },
      },
    },
    async (request, reply) => {
      const data = await fastify.quiz.create(userIdOf(request), request.body);
      return reply.status(201).send({ message: quizMessages.created, data });
    },
  );
};
export default createRoute;
