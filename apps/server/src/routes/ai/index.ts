import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LinkedinService } from '../../services/linkedin/linkedin-service.js';
import achievementRoutes from './achievements.js';
import explainRoute from './explain.js';
import linkedinRoutes from './linkedin.js';
import postRoutes from './posts.js';
import type { AiRouteOptions } from './shared.js';

/**
 * The AI tutor (issue 7): explain my mistake, achievement posts, LinkedIn and the public achievement
 * page. The AI provider is the app's (plugins/app/ai.ts); with none configured every route uses its
 * fallback.
 */
const aiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const ai = fastify.ai;
  const options: AiRouteOptions = {
    ai,
    posts: { db: fastify.db, ai, publicUrl: fastify.config.publicUrl },
    linkedin: new LinkedinService(fastify.db, fastify.config, fastify.log),
  };
  await fastify.register(explainRoute, options);
  await fastify.register(postRoutes, options);
  await fastify.register(linkedinRoutes, options);
  await fastify.register(achievementRoutes);
};
export default aiRoutes;
