import fp from 'fastify-plugin';
import type { Config } from '../../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export default fp(
  async (fastify, opts: { config: Config }) => {
    fastify.decorate('config', opts.config);
  },
  { name: 'config' },
);
