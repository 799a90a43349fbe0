import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Database['db'];
  }
}

/**
 * The database the caller opened, migrated and owns: server.ts prepares it before building the app (so
 * a slow first migration never races Fastify's plugin timeout), tests and the benchmark pass theirs.
 */
export default fp(
  async (fastify, opts: { database: Database }) => {
    const { database } = opts;
    fastify.decorate('database', database);
    fastify.decorate('db', database.db);
  },
  { name: 'database', dependencies: ['config'] },
);
