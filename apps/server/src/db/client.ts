import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config, DatabaseKind } from '../config.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type QueryFn = (sqlText: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** Runs raw SQL (migrations, health checks); returns the rows. */
  query: QueryFn;
  /** Runs `work` on one connection (session-level locks, BEGIN/COMMIT by hand). */
  session: <T>(work: (query: QueryFn) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /**
   * The embedded store's files as one gzipped tar, a consistent snapshot taken between transactions
   * (db/backup.ts); absent for PostgreSQL, whose own tools back it up (docs/deploy.md).
   */
  dumpDataDir?: () => Promise<Blob>;
}

/**
 * Drizzle over PGlite and over node-postgres expose the same query builder; PGlite is typed as the
 * node-postgres flavour so the repositories have one type to work with.
 */
export function fromPglite(client: PGlite, close: () => Promise<void>): Database {
  const query: QueryFn = async (text, params) =>
    (await client.query<Record<string, unknown>>(text, params)).rows;
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    query,
    session: (work) => work(query),
    close,
    dumpDataDir: async () => {
      // A checkpoint first, so the files hold every commit and a restore need not replay the log.
      await client.exec('CHECKPOINT');
      // Holding the transaction lock: no transaction is half-way through while the files are read
      // (dumpDataDir itself takes only the query lock, so this cannot deadlock).
      return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    },
  };
}

export function fromPool(pool: pg.Pool): Database {
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }),
    query: async (text, params) => (await pool.query(text, params)).rows as Record<string, unknown>[],
    session: async (work) => {
      const client = await pool.connect();
      try {
        return await work(
          async (text, params) => (await client.query(text, params)).rows as Record<string, unknown>[],
        );
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** `max` comes from the caller: DATABASE_POOL_SIZE for the app (config.ts), the tests' own sizes. */
export function createPool(url: string, options: pg.PoolConfig & { max: number }): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 5000, ...options });
  // A client losing its server (a database restart) must not crash the process: idle ones report to
  // the pool; one checked out (a background job's transaction between statements) reports on itself,
  // and its work fails with the query in flight instead.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export async function openDatabase(config: Config): Promise<Database> {
  if (config.database.kind === 'postgres' && config.database.url) {
    return fromPool(createPool(config.database.url, { max: config.database.poolSize }));
  }
  if (config.database.inMemory) {
    const client = await PGlite.create();
    return fromPglite(client, () => client.close());
  }
  const release = acquireDataDirLock(config.database.dataDir);
  try {
    const client = await PGlite.create({ dataDir: `${config.database.dataDir}/pglite` });
    return fromPglite(client, async () => {
      await client.close();
      release();
    });
  } catch (error) {
    release();
    throw error;
  }
}
