import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import achievementRoutes from './achievements.js';
import explainRoute from './explain.js';
import linkedinRoutes from './linkedin.js';
import postRoutes from './posts.js';

/**
 * The AI tutor (issue 7): explain my mistake, achievement posts, LinkedIn and the public achievement
 * page. The services are the app's (fastify.ai, fastify.posts, fastify.linkedin in plugins/app/); with
 * no AI provider configured every route uses its fallback.
 */
const aiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  await fastify.register(explainRoute);
  await fastify.register(postRoutes);
  await fastify.register(linkedinRoutes);
  await fastify.register(achievementRoutes);
};
export default aiRoutes;
