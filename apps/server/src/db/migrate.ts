import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../lib/paths.js';
import type { Database } from './client.js';

interface Journal {
  entries: { idx: number; tag: string }[];
}

export function migrationsDir(): string {
  return join(serverRoot(), 'drizzle');
}

/**
 * Applies the SQL migrations drizzle-kit generated, in order, each in a transaction, recorded in
 * `schema_migrations` of the current schema. drizzle-kit qualifies references with "public"; that
 * qualifier is dropped so the same files serve any schema on the search_path (tests use one each).
 * An advisory lock keeps two instances starting together from applying the same migration twice.
 */
export async function migrate(database: Database, options: { upTo?: string } = {}): Promise<string[]> {
  const dir = migrationsDir();
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as Journal;
  return database.session(async (query) => {
    const applied: string[] = [];
    await query('SELECT pg_advisory_lock(727274)');
    try {
      await query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (tag text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = new Set((await query('SELECT tag FROM schema_migrations')).map((r) => String(r.tag)));
      const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
      // Tests of a migration's data move stop before it (`upTo`: the last tag to apply).
      const last = options.upTo ? entries.findIndex((e) => e.tag === options.upTo) : entries.length - 1;
      if (last < 0) throw new Error(`no migration ${options.upTo}`);
      for (const entry of entries.slice(0, last + 1)) {
        if (done.has(entry.tag)) continue;
        const statements = readFileSync(join(dir, `${entry.tag}.sql`), 'utf8')
          .replaceAll('"public".', '')
          .split('--> statement-breakpoint')
          .map((s) => s.trim())
          .filter(Boolean);
        await query('BEGIN');
        try {
          for (const statement of statements) await query(statement);
          await query('INSERT INTO schema_migrations (tag) VALUES ($1)', [entry.tag]);
          await query('COMMIT');
        } catch (error) {
          await query('ROLLBACK');
          throw error;
        }
        applied.push(entry.tag);
      }
    } finally {
      await query('SELECT pg_advisory_unlock(727274)');
    }
    return applied;
  });
}
