import {
  aiIdParams,
  aiMessages,
  apiPaths,
  envelope,
  EXPLAIN_RATE_LIMIT,
  explainData,
} from '@ai-tutor/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';
import { errors } from '../shared.js';

const explainRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    apiPaths.evaluationExplain,
    {
      preHandler: fastify.requireLearner,
      config: {
        // Per learner, counted after sign-in is checked (preHandler), so the key is the user id.
        rateLimit: {
          hook: 'preHandler',
          max: EXPLAIN_RATE_LIMIT.max,
          timeWindow: EXPLAIN_RATE_LIMIT.windowSeconds * 1000,
          keyGenerator: (request: FastifyRequest) => `explain:${request.auth?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: ['ai'],
        summary: 'Explain my mistake: the AI tutor on one question of a completed attempt',
        description:
          'Written for this learner’s answer and cached per evaluation. 404 for another learner’s or an ' +
          'unknown evaluation, 409 while the session runs, 429 (Retry-After) past ' +
          `${EXPLAIN_RATE_LIMIT.max} calls a minute. Without an AI provider (or when it fails) the stored ` +
          'explanation comes back with aiGenerated false and a notice.',
        params: aiIdParams,
        response: { 200: envelope(explainData), ...errors(401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({
      message: aiMessages.explained,
      data: await fastify.explain.evaluation(userIdOf(request), request.params.id),
    }),
  );
};
export default explainRoute;
