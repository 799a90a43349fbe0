import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrationsDir } from './migrate.js';

/**
 * Backups of the embedded store (docs/decisions/0023-learners-data-and-backups.md): PGlite's own dump
 * of its data directory, a gzipped tar, taken between transactions (db/client.ts). A restore reads the
 * file into a throw-away in-memory store first, to say what it holds and to refuse a file written by
 * a newer version of the app (a migration this version does not know), before the data directory is
 * touched; the directory it replaces is kept beside it.
 */

export interface BackupContents {
  /** Migrations applied in the backup, in order. */
  migrations: string[];
  accounts: number;
  sessions: number;
  answersSaved: number;
  /** The newest session's start, a hint of when the backup was taken. */
  newestActivity: string | null;
}

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

const knownMigrations = (): string[] =>
  (
    JSON.parse(readFileSync(join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    }
  ).entries.map((e) => e.tag);

async function contentsOf(client: PGlite): Promise<BackupContents> {
  const tags = await client
    .query<{ tag: string }>('SELECT tag FROM schema_migrations ORDER BY tag')
    .catch(() => ({ rows: [] as { tag: string }[] }));
  const migrations = tags.rows.map((r) => r.tag);
  if (!migrations.length)
    return { migrations, accounts: 0, sessions: 0, answersSaved: 0, newestActivity: null };
  const { rows } = await client.query<{
    accounts: number;
    sessions: number;
    answers: number;
    newest: Date | null;
  }>(`SELECT (SELECT count(*)::int FROM users) AS accounts,
             (SELECT count(*)::int FROM assessments) AS sessions,
             (SELECT coalesce(sum(cardinality(array_remove(answers, NULL))), 0)::int FROM answer_sheets) AS answers,
             (SELECT max(start_time) FROM assessments) AS newest`);
  const row = rows[0]!;
  return {
    migrations,
    accounts: row.accounts,
    sessions: row.sessions,
    answersSaved: row.answers,
    newestActivity: row.newest ? new Date(row.newest).toISOString() : null,
  };
}

/** What a backup file holds; refuses one from a newer version of the app, or not a backup at all. */
export async function inspectBackup(file: string): Promise<BackupContents> {
  let client: PGlite;
  try {
    client = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
  } catch {
    throw new RestoreRefusedError(`${file} is not a backup of the embedded database.`);
  }
  try {
    const contents = await contentsOf(client);
    if (!contents.migrations.length)
      throw new RestoreRefusedError(`${file} holds no AI TUTOR database (no migrations applied).`);
    const known = new Set(knownMigrations());
    const newer = contents.migrations.filter((tag) => !known.has(tag));
    if (newer.length) {
      throw new RestoreRefusedError(
        `${file} comes from a newer version of the app (migrations ${newer.join(', ')} are unknown here). ` +
          'Restore it with that version or a later one.',
      );
    }
    return contents;
  } finally {
    await client.close();
  }
}

/**
 * Replaces the store in `dataDir` (whose lock the caller holds) with the backup: the current files are
 * moved to `pglite.before-restore-<time>` first. Answers the directory they were moved to, if any.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<string | null> {
  const target = join(dataDir, 'pglite');
  let keptAt: string | null = null;
  if (existsSync(target)) {
    keptAt = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, keptAt);
  }
  const client = await PGlite.create({ dataDir: target, loadDataDir: new Blob([readFileSync(file)]) });
  await client.close();
  return keptAt;
}

/** Pending migrations the restored store will be brought up to at the next start. */
export const pendingAfter = (contents: BackupContents): string[] =>
  knownMigrations().filter((tag) => !contents.migrations.includes(tag));

/** The admin channel's route (routes/api/admin/backup.ts) the CLI asks while the server holds the store. */
export const ADMIN_BACKUP_PATH = '/api/admin/backup';
