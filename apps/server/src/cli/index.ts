import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { migrate } from '../db/migrate.js';
import { commands } from './commands.js';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  migrate                                     apply database migrations
${Object.values(commands)
  .map((c) => `  ${c.usage.padEnd(44)}${c.summary}`)
  .join('\n')}`;

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help') {
    console.log(USAGE);
    return name ? 0 : 1;
  }
  const command = name === 'migrate' ? null : commands[name];
  if (name !== 'migrate' && !command) {
    console.error(`Unknown command "${name}".\n\n${USAGE}`);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
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
