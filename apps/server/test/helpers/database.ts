import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';
import { createPool, fromPglite, fromPool, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';

/**
 * Test databases. DATABASE_URL=postgres://… runs the suite on that server (it must be reachable: a
 * connection error fails the run, never skips it); otherwise one in-memory PGlite per worker. Each test
 * file gets a fresh schema on the search_path, so files never see each other's rows.
 */
export const testDatabaseUrl = process.env.DATABASE_URL?.startsWith('postgres')
  ? process.env.DATABASE_URL
  : null;

const shared = globalThis as { __pglite?: Promise<PGlite> };

export interface TestDatabase extends Database {
  schema: string;
  /** Drops the schema and releases connections. */
  dispose: () => Promise<void>;
}

/** `upTo`: migrate only as far as that migration (a test of the next one's data move). */
export async function createTestDatabase(upTo?: string): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  if (testDatabaseUrl) {
    const admin = createPool(testDatabaseUrl, { max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const pool = createPool(testDatabaseUrl, { max: 10, options: `-c search_path=${schema}` });
    const database = fromPool(pool);
    await migrate(database, { upTo });
    return {
      ...database,
      schema,
      dispose: async () => {
        await pool.query(`DROP SCHEMA ${schema} CASCADE`);
        await pool.end();
      },
    };
  }
  shared.__pglite ??= PGlite.create();
  const client = await shared.__pglite;
  await client.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema};`);
  const database = fromPglite(client, async () => undefined);
  await migrate(database, { upTo });
  return {
    ...database,
    schema,
    dispose: async () => {
      await client.exec(`SET search_path TO public; DROP SCHEMA ${schema} CASCADE;`);
    },
  };
}

/**
 * The file's (or the describe block's) database without the app: a fresh schema before its tests,
 * dropped after them. Read it inside tests and hooks (`database.db`); `upTo` as in createTestDatabase.
 */
export function useTestDatabase(upTo?: string): TestDatabase {
  let built: TestDatabase | undefined;
  beforeAll(async () => {
    built = await createTestDatabase(upTo);
  });
  afterAll(async () => {
    await built?.dispose();
    built = undefined;
  });
  return new Proxy({} as TestDatabase, {
    get(_, key) {
      if (!built)
        throw new Error('useTestDatabase: the database exists from beforeAll to afterAll, read it there');
      return Reflect.get(built, key) as unknown;
    },
  });
}
