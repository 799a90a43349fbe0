import { apiMessages, apiPaths, envelope, errorEnvelope, userRecords } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../plugins/app/authenticate.js';

const guarded = { 401: errorEnvelope, 403: errorEnvelope };

/** The learner's performance records: signed in, verified, invite code used. */
const userRecordsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    apiPaths.userRecords,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['catalogue'],
        summary:
          "The signed-in learner's performance records (modules, subjects, topics) and mastery per topic",
        security: [{ bearer: [] }],
        response: { 200: envelope(userRecords), ...guarded },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const [data, mastery] = await Promise.all([
        fastify.catalogue.records(userId),
        fastify.review.mastery(userId),
      ]);
      return { message: apiMessages.ok, data: { data, mastery } };
    },
  );
};
export default userRecordsRoutes;
