import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { ensureFirstInviteCode } from './services/accounts/first-invite.js';
import { seedIfEmpty } from './services/catalogue/seed-if-empty.js';

function describeStore(config: Config): string {
  if (config.database.kind === 'postgres') return 'Connecting to PostgreSQL…';
  if (config.database.inMemory) return 'Opening an in-memory database…';
  return `Opening the embedded database in ${config.database.dataDir}…`;
}

/**
 * Opens, migrates and (when empty) seeds the database before the app is built: on a fresh data folder
 * on a busy machine this takes longer than Fastify allows a plugin to load, so it must not run inside
 * one. Each step is announced before it starts, so a slow start shows where it is.
 */
export async function prepareDatabase(config: Config, log: FastifyBaseLogger): Promise<Database> {
  log.info(describeStore(config));
  const database = await openDatabase(config);
  try {
    log.info('Migrating the database…');
    const applied = await migrate(database);
    log.info(
      applied.length
        ? `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}`
        : 'The database is up to date',
    );
    await seedIfEmpty({ db: database.db, log });
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** After a successful listen: on a fresh database, a first invite code is created and printed. */
export async function onServerStarted(server: FastifyInstance): Promise<void> {
  await ensureFirstInviteCode(server);
  server.log.info(`AI TUTOR is running at ${server.config.publicUrl}`);
}
