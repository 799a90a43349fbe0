import {
  aiIdParams,
  apiPaths,
  checkAnswerBody,
  checkAnswerData,
  envelope,
  practiceMessages,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';
import { errors } from '../shared.js';

const checkRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    apiPaths.evaluationCheck,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['quiz'],
        summary: 'Practice and review: check one answer (locks it; answers right/wrong, key, explanation)',
        description:
          'Saves userAnswer first when given (else checks the saved answer), marks it by the session’s ' +
          'scheme, stores the confidence and reschedules the question in the review queue. 404 for ' +
          'another learner’s or an unknown question; 409 in a timed test, once checked, or once the ' +
          'session is completed; 400 for an answer that does not fit the question.',
        params: aiIdParams,
        body: checkAnswerBody,
        response: { 200: envelope(checkAnswerData), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: practiceMessages.checked,
      data: await fastify.practice.check(userIdOf(request), request.params.id, request.body),
    }),
  );
};
export default checkRoute;
