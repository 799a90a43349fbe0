import { ADMIN_INVITES_PATH, INVITE_CODE, MAX_INVITE_USES, type AdminInvite } from '../lib/admin-access.js';
import { InviteCodeTakenError, invites } from '../services/accounts/invites.js';
import { CLI_ACTOR } from '../services/console/audit-repository.js';
import { createAuditedInvite } from '../services/console/invite-writes.js';
import type { Command } from './commands.js';
import { askServer } from './server-channel.js';
import { parseCommandArgs, usageError } from './parse.js';
import { shown } from './terminal-text.js';

const CREATE = 'invites create [--code CODE] [--max-uses N] [--expires ISO-DATE]';
const LIST = 'invites list';

interface CreateOptions {
  code?: string;
  maxUses: number;
  expiresAt: Date | null;
}

/** The options of `invites create`, checked; or the exit code of a usage error already printed. */
function createOptions(args: string[]): CreateOptions | 1 {
  const parsed = parseCommandArgs(args, {
    code: { type: 'string' },
    'max-uses': { type: 'string' },
    expires: { type: 'string' },
  });
  if (typeof parsed === 'string') return usageError('invites create', parsed, CREATE);
  const { values } = parsed;
  const code = values.code?.trim().toUpperCase();
  if (code !== undefined && !INVITE_CODE.test(code)) {
    console.error(
      `--code "${values.code}" is not valid: use 4 to 64 letters, digits or dashes (not at the start or end).`,
    );
    return 1;
  }
  const maxUses = values['max-uses'] === undefined ? 1 : Number(values['max-uses']);
  if (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > MAX_INVITE_USES) {
    console.error(
      `--max-uses "${values['max-uses']}" is not valid: use a whole number from 1 to ${MAX_INVITE_USES}.`,
    );
    return 1;
  }
  let expiresAt: Date | null = null;
  if (values.expires !== undefined) {
    expiresAt = new Date(values.expires);
    if (Number.isNaN(expiresAt.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(values.expires)) {
      console.error(
        `--expires "${values.expires}" is not valid: use an ISO date such as 2030-01-31 or 2030-01-31T18:00:00Z.`,
      );
      return 1;
    }
    if (expiresAt <= new Date()) {
      console.error(`--expires "${values.expires}" is in the past.`);
      return 1;
    }
  }
  return { ...(code ? { code } : {}), maxUses, expiresAt };
}

function printCreated(invite: AdminInvite, registerUrl: string) {
  console.log(`Invite code: ${shown(invite.code)}`);
  console.log(`Uses: ${invite.uses}/${invite.maxUses}`);
  console.log(`Expires: ${shown(invite.expiresAt ?? 'never')}`);
  console.log(`Register at ${registerUrl}`);
}

function inviteStatus(row: AdminInvite): string {
  if (row.expiresAt && new Date(row.expiresAt) <= new Date()) return 'expired';
  if (row.uses >= row.maxUses) return 'used up';
  return 'usable';
}

function printList(rows: AdminInvite[]) {
  if (rows.length === 0) {
    console.log('No invite codes yet. Create one with: npm run cli -- invites create');
    return;
  }
  const table = [
    ['CODE', 'USES', 'EXPIRES', 'STATUS'],
    ...rows.map((row) => [
      shown(row.code),
      `${row.uses}/${row.maxUses}`,
      shown(row.expiresAt ?? 'never'),
      inviteStatus(row),
    ]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const row of table)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
}

const unknownSubCommand = (sub: string | undefined) =>
  usageError('invites', sub ? `unknown sub-command "${sub}"` : 'create or list?', CREATE, LIST);

/** `invites create …` and `invites list`, on the database or, while it runs, through the server. */
const invitesCommand: Command = {
  help: [
    {
      usage: CREATE,
      summary: 'create an invite code (one use unless --max-uses) and print the register URL',
    },
    { usage: LIST, summary: 'list invite codes with uses/max, expiry and status' },
  ],
  async run({ database, config, args }) {
    const [sub, ...rest] = args;
    if (sub === 'create') {
      const options = createOptions(rest);
      if (options === 1) return 1;
      try {
        const row = await createAuditedInvite(database.db, CLI_ACTOR, options);
        const invite = { ...row, expiresAt: row.expiresAt?.toISOString() ?? null };
        printCreated(invite, `${config.publicUrl}/register`);
        return 0;
      } catch (error) {
        if (!(error instanceof InviteCodeTakenError)) throw error;
        console.error(error.message);
        return 1;
      }
    }
    if (sub === 'list') {
      if (rest.length) return usageError('invites list', `unexpected argument "${rest[0]}"`, LIST);
      printList(
        (await invites.list(database.db)).map((row) => ({
          ...row,
          expiresAt: row.expiresAt?.toISOString() ?? null,
        })),
      );
      return 0;
    }
    return unknownSubCommand(sub);
  },
  async runOnServer({ server, args }) {
    const [sub, ...rest] = args;
    if (sub === 'create') {
      const options = createOptions(rest);
      if (options === 1) return 1;
      const reply = await askServer<{ invite: AdminInvite; registerUrl: string }>(
        server,
        ADMIN_INVITES_PATH,
        {
          method: 'POST',
          body: { ...options, expiresAt: options.expiresAt?.toISOString() ?? null },
        },
      );
      if (!reply.ok) {
        console.error(reply.message);
        return 1;
      }
      printCreated(reply.data.invite, reply.data.registerUrl);
      return 0;
    }
    if (sub === 'list') {
      if (rest.length) return usageError('invites list', `unexpected argument "${rest[0]}"`, LIST);
      const reply = await askServer<AdminInvite[]>(server, ADMIN_INVITES_PATH, { method: 'GET' });
      if (!reply.ok) {
        console.error(reply.message);
        return 1;
      }
      printList(reply.data);
      return 0;
    }
    return unknownSubCommand(sub);
  },
};

export const accountsCommands: Record<string, Command> = { invites: invitesCommand };
