import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';
import { openDatabase } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Database['db'];
  }
}

/**
 * Uses the database the caller opened and owns (server.ts prepares it before building the app, so a
 * slow first migration never races Fastify's plugin timeout; tests pass theirs). Without one (the
 * benchmark's app) it opens and migrates the configured store itself.
 */
export default fp(
  async (fastify, opts: { database?: Database }) => {
    const database = opts.database ?? (await openDatabase(fastify.config));
    if (!opts.database) {
      await migrate(database);
      fastify.addHook('onClose', async () => database.close());
    }
    fastify.decorate('database', database);
    fastify.decorate('db', database.db);
  },
  { name: 'database', dependencies: ['config'] },
);
