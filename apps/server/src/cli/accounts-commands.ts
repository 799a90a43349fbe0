import type { Command } from './commands.js';

/** accounts commands. */
export const accountsCommands: Record<string, Command> = {};
