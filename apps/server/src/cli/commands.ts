import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { accountsCommands } from './accounts-commands.js';
import { aiCommands } from './ai-commands.js';
import { catalogueCommands } from './catalogue-commands.js';

export interface CommandContext {
  config: Config;
  database: Database;
  args: string[];
}

export interface Command {
  usage: string;
  summary: string;
  run: (ctx: CommandContext) => Promise<number>;
}

/** CLI commands by name; each area keeps its own in its own file. */
export const commands: Record<string, Command> = { ...accountsCommands, ...catalogueCommands, ...aiCommands };
