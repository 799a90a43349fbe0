import fp from 'fastify-plugin';
import { createForegroundFirst, type ForegroundFirst } from '../../services/limits/foreground-first.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether starts and saves are busy; background jobs' gates (services/limits/foreground-first.ts). */
    foreground: ForegroundFirst;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('foreground', createForegroundFirst());
  },
  { name: 'foreground' },
);
