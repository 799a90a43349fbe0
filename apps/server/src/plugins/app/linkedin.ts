import fp from 'fastify-plugin';
import { LinkedinService } from '../../services/linkedin/linkedin-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Linking a LinkedIn account and publishing posts to it (services/linkedin/linkedin-service.ts). */
    linkedin: LinkedinService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('linkedin', new LinkedinService(fastify.db, fastify.config, fastify.log));
  },
  { name: 'linkedin', dependencies: ['config', 'database'] },
);
