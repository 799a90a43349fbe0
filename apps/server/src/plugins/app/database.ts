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

/** Opens the configured store and migrates it, or uses the one the caller owns (tests, CLI). */
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
