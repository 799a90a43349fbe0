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
        summary: 'Start a module mock test, subject quiz or topic quiz (or resume the running one)',
        description:
          'Draws the questions and writes the session as one row. A scope with a running attempt answers ' +
          'that attempt (200, "Assessment resumed") on any device; `startAfresh: true` submits it first ' +
          '(docs/product.md#running-attempts). 404 for an unknown exam, module, subject or topic (or one outside its parent); ' +
          '409 when no question is available.',
        body: createAssessmentBody,
        response: { 200: envelope(sessionData), 201: envelope(sessionData) },
      },
    },
    async (request, reply) => {
      const { resumed, ...data } = await fastify.quiz.create(userIdOf(request), request.body);
      if (resumed) return reply.status(200).send({ message: quizMessages.resumed, data });
      return reply.status(201).send({ message: quizMessages.created, data });
    },
  );
};
export default createRoute;
