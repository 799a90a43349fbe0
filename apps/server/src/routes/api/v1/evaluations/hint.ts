import {
  aiIdParams,
  apiPaths,
  envelope,
  HINT_RATE_LIMIT,
  hintBody,
  hintData,
  practiceMessages,
  type HintLevel,
} from '@ai-tutor/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';
import { errors } from '../shared.js';

const hintRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    apiPaths.evaluationHint,
    {
      preHandler: fastify.requireLearner,
      config: {
        // Per learner, as explain's: counted after sign-in is checked, so the key is the user id.
        rateLimit: {
          hook: 'preHandler',
          max: HINT_RATE_LIMIT.max,
          timeWindow: HINT_RATE_LIMIT.windowSeconds * 1000,
          keyGenerator: (request: FastifyRequest) => `hint:${request.auth?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: ['ai'],
        summary: 'Practice and review: a hint at level 1 nudge, 2 concept, 3 first step, 4 worked solution',
        description:
          'Levels one at a time (level n once n − 1 was given for that question). Levels 1–3 never give ' +
          'the key away. Without an AI provider (or when it fails) a hint built from the stored solution, ' +
          'source "fallback" with a notice. 404 for another learner’s question; 409 in a timed test, for ' +
          `a skipped level or a completed session; 429 (Retry-After) past ${HINT_RATE_LIMIT.max} a minute.`,
        params: aiIdParams,
        body: hintBody,
        response: { 200: envelope(hintData), ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({
      message: practiceMessages.hintGiven,
      data: await fastify.practice.hint(
        userIdOf(request),
        request.params.id,
        request.body.level as HintLevel,
      ),
    }),
  );
};
export default hintRoute;
