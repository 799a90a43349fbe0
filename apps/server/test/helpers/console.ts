import type { StaffRole } from '@ai-tutor/contract';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { Command, CommandContext } from '../../src/cli/commands.js';
import { userRoles } from '../../src/db/schema.js';
import { createLearner, type TestLearner } from './learner.js';

/** A signed-in user holding `roles` (written straight to the database, as createLearner does). */
export async function createStaff(app: FastifyInstance, ...roles: StaffRole[]): Promise<TestLearner> {
  const staff = await createLearner(app, { name: 'Test Operator' });
  if (roles.length) await app.db.insert(userRoles).values(roles.map((role) => ({ userId: staff.id, role })));
  return staff;
}

/** Runs a CLI command (on the database, or through the server with `server`), capturing what it prints. */
export async function runCli(
  command: Command,
  args: string[],
  on:
    | Omit<CommandContext, 'args'>
    | { server: NonNullable<Parameters<NonNullable<Command['runOnServer']>>[0]>['server'] },
) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
  try {
    const code =
      'server' in on
        ? await command.runOnServer!({ server: on.server, args })
        : await command.run({ ...on, args });
    return { code, out: out.join('\n'), err: err.join('\n') };
  } finally {
    vi.restoreAllMocks();
  }
}
