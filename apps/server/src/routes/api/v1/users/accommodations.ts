import { accommodationsPath, accommodationsResult, apiMessages, envelope } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';
import { accommodationsOf } from '../../../../services/console/accommodations.js';
import { errors } from '../shared.js';

const ownAccommodations = accommodationsResult.omit({ id: true });

/** The learner's own extra time, which their test instructions screen states. */
const userAccommodationsRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    accommodationsPath,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['users'],
        summary: 'The signed-in learner’s accommodations (extra time)',
        security: [{ bearer: [] }],
        response: { 200: envelope(ownAccommodations), ...errors(401, 403) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await accommodationsOf(fastify.db, userIdOf(request)),
    }),
  );
};
export default userAccommodationsRoute;
