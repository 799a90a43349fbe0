import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { AdminAccess } from '../lib/admin-access.js';
import { accountsCommands } from './accounts-commands.js';
import { aiCommands } from './ai-commands.js';
import { backupCommands } from './backup-commands.js';
import { catalogueCommands } from './catalogue-commands.js';
import { keyCommands } from './key-commands.js';
import { liveTestCommands } from './live-test-commands.js';
import { reportCommands } from './report-commands.js';
import { translationCommands } from './translation-commands.js';
import { usersCommands } from './users-commands.js';

export interface CommandContext {
  config: Config;
  database: Database;
  args: string[];
}

export interface ServerCommandContext {
  args: string[];
  /** How to reach the running server that holds the embedded store (lib/admin-access.ts). */
  server: AdminAccess;
}

/** For commands that open (or must not open) the database themselves: backup and restore. */
export interface StandaloneContext {
  config: Config;
  args: string[];
}

export interface Command {
  /** One entry per form of the command, for `help`: its usage line and what it does. */
  help: { usage: string; summary: string }[];
  run: (ctx: CommandContext) => Promise<number>;
  /** For commands that also work while the server runs and holds the embedded store: asks it. */
  runOnServer?: (ctx: ServerCommandContext) => Promise<number>;
  /** Run instead of `run`, before the database is opened and migrated (cli/backup-commands.ts). */
  standalone?: (ctx: StandaloneContext) => Promise<number>;
}

/** CLI commands by name; each area keeps its own in its own file. */
export const commands: Record<string, Command> = {
  ...accountsCommands,
  ...usersCommands,
  ...catalogueCommands,
  ...aiCommands,
  ...translationCommands,
  ...keyCommands,
  ...liveTestCommands,
  ...reportCommands,
  ...backupCommands,
};

const migrateHelp = { usage: 'migrate', summary: 'apply database migrations' };

/** Each usage on its own line and what it does indented under it: long usages never run into text. */
export function helpText(): string {
  return [
    'Usage: npm run cli -- <command> [options]',
    '',
    'Commands:',
    ...[migrateHelp, ...Object.values(commands).flatMap((c) => c.help)].map(
      ({ usage, summary }) => `  ${usage}\n      ${summary}`,
    ),
  ].join('\n');
}
