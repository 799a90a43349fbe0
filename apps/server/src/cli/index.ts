import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { migrate } from '../db/migrate.js';
import { readAdminAccess } from '../lib/admin-access.js';
import { commands, helpText, type Command } from './commands.js';

/**
 * The embedded store is held by another process. If that is the running server and the command can
 * go through it (invites), it does; otherwise the lock's own message explains what to do.
 */
async function whileLocked(
  command: Command | null,
  args: string[],
  locked: DataDirLockedError,
  dataDir: string,
) {
  const server = readAdminAccess(dataDir);
  if (command?.runOnServer && server && server.pid === locked.owner) {
    return command.runOnServer({ server, args });
  }
  console.error(locked.message);
  if (!command?.runOnServer)
    console.error('(`invites create`, `invites list` and `users grant|revoke` work while the server runs.)');
  return 1;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(helpText());
    return name ? 0 : 1;
  }
  const command = name === 'migrate' ? null : commands[name];
  if (command === undefined) {
    console.error(`Unknown command "${name}".\n\n${helpText()}`);
    return 1;
  }
  const config = loadConfig();
  if (command?.standalone) return command.standalone({ config, args });
  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return whileLocked(command, args, error, config.database.dataDir);
  }
  try {
    const applied = await migrate(database);
    if (!command) {
      console.log(
        applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.',
      );
      return 0;
    }
    return await command.run({ config, database, args });
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
