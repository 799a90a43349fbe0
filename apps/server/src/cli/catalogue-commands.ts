import type { Command } from './commands.js';

/** catalogue commands. */
export const catalogueCommands: Record<string, Command> = {};
