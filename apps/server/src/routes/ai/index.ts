import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gradeFreeTextAnswers } from '../../services/ai/grade-free-text.js';
import { createAiProvider } from '../../services/ai/provider.js';
import { setFreeTextGrader } from '../../services/quiz/free-text-grading.js';
import { LinkedinService } from '../../services/linkedin/linkedin-service.js';
import achievementRoutes from './achievements.js';
import explainRoute from './explain.js';
import linkedinRoutes from './linkedin.js';
import postRoutes from './posts.js';
import type { AiRouteOptions } from './shared.js';

/**
 * The AI tutor (issue 7): explain my mistake, achievement posts, LinkedIn and the public achievement
 * page. One AI provider per app instance; with none configured every route uses its fallback.
 */
const aiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const ai = createAiProvider(fastify.config.ai, fastify.log);
  // Completion (quiz engine) asks the model about free-text answers that did not match exactly.
  if (ai.enabled) setFreeTextGrader(fastify.db, (items) => gradeFreeTextAnswers(ai, items));
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
