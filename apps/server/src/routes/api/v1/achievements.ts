import { apiMessages, achievement, aiIdParams, apiPaths, envelope } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from './shared.js';

/** The public, verifiable achievement behind a post's link. No sign-in. */
const achievementRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    apiPaths.achievement,
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ['posts'],
        summary: 'Public achievement: first name, exam, module/subject, score and date of a post’s attempt',
        description: 'Read from the database, nothing else of the learner. 404 for an unknown post id.',
        params: aiIdParams,
        response: { 200: envelope(achievement), ...errors(404, 429) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await fastify.posts.achievement(request.params.id),
    }),
  );
};
export default achievementRoutes;
