import {
  apiMessages,
  apiPaths,
  envelope,
  mistakeDismissData,
  mistakeDismissParams,
  mistakesData,
  mistakesQuery,
  tutorMessages,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../plugins/app/authenticate.js';
import { errors } from './shared.js';

/** The mistakes notebook (docs/product.md#mistakes-notebook) and "I've got this". */
const mistakesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    apiPaths.mistakes,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['tutor'],
        summary: "The learner's mistakes notebook: the questions in their review queue, latest first",
        description:
          'Each with the last answer, the key, the explanation and when it is due. Filters by exam, ' +
          'subject and topic slug (404 for an unknown one); paginated with page and limit.',
        security: [{ bearer: [] }],
        querystring: mistakesQuery,
        response: { 200: envelope(mistakesData), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await fastify.review.mistakes(userIdOf(request), request.query),
    }),
  );

  fastify.post(
    apiPaths.mistakeDismiss,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['tutor'],
        summary: '"I\'ve got this": takes a question out of the learner\'s review queue',
        description: 'A later wrong or blank answer brings it back. 404 when it is not in their queue.',
        security: [{ bearer: [] }],
        params: mistakeDismissParams,
        response: { 200: envelope(mistakeDismissData), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      message: tutorMessages.mistakeDismissed,
      data: await fastify.review.dismiss(userIdOf(request), request.params.questionId),
    }),
  );
};
export default mistakesRoutes;
