import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

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

/** CLI commands by name; each issue adds its own (invites, import, seed, questions, ai). */
export const commands: Record<string, Command> = {};
