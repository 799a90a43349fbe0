import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config.js';
import {
  ADMIN_BACKUP_PATH,
  inspectBackup,
  pendingAfter,
  RestoreRefusedError,
  restoreBackup,
  type BackupContents,
} from '../db/backup.js';
import { openDatabase } from '../db/client.js';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.js';
import { readAdminAccess, type AdminAccess } from '../lib/admin-access.js';
import type { Command, StandaloneContext } from './commands.js';
import { usageError } from './parse.js';
import { shown as printable } from './terminal-text.js';

const BACKUP = 'backup FILE';
const RESTORE = 'restore FILE';
const POSTGRES =
  'DATABASE_URL points at PostgreSQL: back it up with pg_dump and restore with pg_restore (docs/deploy.md).';

/** FILE, the only argument; or the exit code of a usage error already printed. */
function fileArg(name: string, usage: string, args: string[]): string | 1 {
  const [file, extra] = args;
  if (!file || file.startsWith('-')) return usageError(name, 'which file?', usage);
  if (extra !== undefined) return usageError(name, `unexpected argument "${extra}"`, usage);
  return resolve(file);
}

function embeddedOnly(config: Config): boolean {
  if (config.database.kind === 'postgres') console.error(POSTGRES);
  else if (config.database.inMemory) console.error('DATABASE_URL=memory:// keeps nothing to back up.');
  else return true;
  return false;
}

/** The running server's snapshot, through its loopback admin channel (lib/admin-access.ts). */
async function backupThroughServer(server: AdminAccess, file: string): Promise<number> {
  let response: Response;
  try {
    response = await fetch(`${server.url}${ADMIN_BACKUP_PATH}`, {
      headers: { authorization: `Bearer ${server.token}` },
      signal: AbortSignal.timeout(600_000),
    });
  } catch {
    console.error(`Could not reach the running server at ${server.url}.`);
    return 1;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    console.error(body.message ?? `HTTP ${response.status}`);
    return 1;
  }
  writeFileSync(file, Buffer.from(await response.arrayBuffer()), { mode: 0o600 });
  console.log(`Backed up the running server's database to ${printable(file)}.`);
  return 0;
}

const describe = (c: BackupContents) =>
  `${c.accounts} accounts, ${c.sessions} sessions, ${c.answersSaved} saved answers; ` +
  `schema at ${printable(c.migrations.at(-1) ?? 'none')}` +
  (c.newestActivity ? `; newest session started ${c.newestActivity}` : '');

/** `backup FILE`: through the running server when it holds the store, else from the files directly. */
async function backup({ config, args }: StandaloneContext): Promise<number> {
  const file = fileArg('backup', BACKUP, args);
  if (file === 1 || !embeddedOnly(config)) return 1;
  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const server = readAdminAccess(config.database.dataDir);
    if (server && server.pid === error.owner) return backupThroughServer(server, file);
    console.error(error.message);
    return 1;
  }
  try {
    const blob = await database.dumpDataDir!();
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
  } finally {
    await database.close();
  }
  console.log(`Backed up the database in ${printable(config.database.dataDir)} to ${printable(file)}.`);
  return 0;
}

/** `restore FILE`: only with the server stopped (the data directory's lock), after checking the file. */
async function restore({ config, args }: StandaloneContext): Promise<number> {
  const file = fileArg('restore', RESTORE, args);
  if (file === 1 || !embeddedOnly(config)) return 1;
  if (!existsSync(file)) {
    console.error(`${printable(file)} does not exist.`);
    return 1;
  }
  let release: () => void;
  try {
    release = acquireDataDirLock(config.database.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`${error.message}\nA restore replaces the database: stop the server first.`);
    return 1;
  }
  try {
    const contents = await inspectBackup(file);
    console.log(`Restoring ${printable(file)}: ${describe(contents)}.`);
    const keptAt = await restoreBackup(file, config.database.dataDir);
    if (keptAt) console.log(`The database it replaces is kept in ${printable(keptAt)}.`);
    const pending = pendingAfter(contents);
    if (pending.length)
      console.log(`The next start (or \`migrate\`) applies ${pending.length} newer migration(s).`);
    console.log(`Restored into ${printable(config.database.dataDir)}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefusedError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    release();
  }
}

/** Neither opens the database the way other commands do (index.ts runs `standalone` first). */
export const backupCommands: Record<string, Command> = {
  backup: {
    help: [
      {
        usage: BACKUP,
        summary: 'snapshot the embedded database to FILE (a gzipped tar), also while the server runs',
      },
    ],
    standalone: backup,
    run: backup,
    runOnServer: async ({ server, args }) => {
      const file = fileArg('backup', BACKUP, args);
      return file === 1 ? 1 : backupThroughServer(server, file);
    },
  },
  restore: {
    help: [
      {
        usage: RESTORE,
        summary:
          'replace the embedded database with a backup (server stopped; the old files are kept beside it)',
      },
    ],
    standalone: restore,
    run: restore,
  },
};
