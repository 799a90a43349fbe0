import { STAFF_ROLES, staffRole, type StaffRole } from '@ai-tutor/contract';
import { z } from 'zod';
import { ADMIN_ROLES_PATH, type AdminRoleReply } from '../lib/admin-access.js';
import { CLI_ACTOR } from '../services/console/audit-repository.js';
import { changeRole, NoSuchUserError, type RoleChange } from '../services/console/roles.js';
import type { Command } from './commands.js';
import { parseCommandArgs, usageError } from './parse.js';
import { askServer } from './server-channel.js';

const ROLES = STAFF_ROLES.join('|');
const GRANT = `users grant EMAIL --role ${ROLES}`;
const REVOKE = `users revoke EMAIL --role ${ROLES}`;

interface RoleOptions {
  action: RoleChange;
  email: string;
  role: StaffRole;
}

/** `users grant|revoke EMAIL --role ROLE`, checked; or the exit code of a usage error already printed. */
function roleOptions(args: string[]): RoleOptions | 1 {
  const [sub, ...rest] = args;
  if (sub !== 'grant' && sub !== 'revoke')
    return usageError('users', sub ? `unknown sub-command "${sub}"` : 'grant or revoke?', GRANT, REVOKE);
  const usage = sub === 'grant' ? GRANT : REVOKE;
  const parsed = parseCommandArgs(rest, { role: { type: 'string' } }, true);
  if (typeof parsed === 'string') return usageError(`users ${sub}`, parsed, usage);
  const [email, extra] = parsed.positionals;
  if (!email) return usageError(`users ${sub}`, 'which account? Give its email', usage);
  if (extra !== undefined) return usageError(`users ${sub}`, `unexpected argument "${extra}"`, usage);
  if (!z.email().safeParse(email.trim()).success) {
    console.error(`"${email}" is not an email address.`);
    return 1;
  }
  const role = staffRole.safeParse(parsed.values.role);
  if (!role.success) {
    return usageError(
      `users ${sub}`,
      parsed.values.role === undefined
        ? '--role is required'
        : `--role "${parsed.values.role}" is not one of ${ROLES}`,
      usage,
    );
  }
  return { action: sub, email: email.trim(), role: role.data };
}

const printRoles = (message: string, roles: StaffRole[]) => {
  console.log(message);
  console.log(`Roles: ${roles.length ? roles.join(', ') : 'none (a learner)'}`);
};

/** Console roles by email, on the database or, while the server holds the embedded store, through it. */
const usersCommand: Command = {
  help: [
    { usage: GRANT, summary: 'give an account a console role (audited)' },
    { usage: REVOKE, summary: 'take a console role away (audited)' },
  ],
  async run({ database, args }) {
    const options = roleOptions(args);
    if (options === 1) return 1;
    try {
      const result = await changeRole(database.db, CLI_ACTOR, options);
      printRoles(result.message, result.roles);
      return 0;
    } catch (error) {
      if (!(error instanceof NoSuchUserError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
  async runOnServer({ server, args }) {
    const options = roleOptions(args);
    if (options === 1) return 1;
    const reply = await askServer<AdminRoleReply>(server, ADMIN_ROLES_PATH, {
      method: 'POST',
      body: options,
    });
    if (!reply.ok) {
      console.error(reply.message);
      return 1;
    }
    printRoles(reply.message, reply.data.roles);
    return 0;
  },
};

export const usersCommands: Record<string, Command> = { users: usersCommand };
