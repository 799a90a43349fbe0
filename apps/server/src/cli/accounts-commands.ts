import { parseArgs } from 'node:util';
import { InviteCodeTakenError, invites } from '../services/accounts/invites.js';
import type { Command } from './commands.js';

const CODE = /^[A-Z0-9][A-Z0-9-]{2,62}[A-Z0-9]$/;

function inviteStatus(row: { uses: number; maxUses: number; expiresAt: Date | null }): string {
  if (row.expiresAt && row.expiresAt <= new Date()) return 'expired';
  if (row.uses >= row.maxUses) return 'used up';
  return 'usable';
}

const create: Command = {
  usage: 'invites create [--code C] [--max-uses N] [--expires ISO]',
  summary: 'create an invite code and print it',
  async run({ database, config, args }) {
    let values;
    try {
      ({ values } = parseArgs({
        args,
        options: {
          code: { type: 'string' },
          'max-uses': { type: 'string' },
          expires: { type: 'string' },
        },
        strict: true,
        allowPositionals: false,
      }));
    } catch (error) {
      console.error(`${(error as Error).message}\nUsage: npm run cli -- ${create.usage}`);
      return 1;
    }
    const code = values.code?.trim().toUpperCase();
    if (code !== undefined && !CODE.test(code)) {
      console.error(
        `--code "${values.code}" is not valid: use 4 to 64 letters, digits or dashes (not at the start or end).`,
      );
      return 1;
    }
    const maxUses = values['max-uses'] === undefined ? 1 : Number(values['max-uses']);
    if (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > 1_000_000) {
      console.error(`--max-uses "${values['max-uses']}" is not valid: use a whole number from 1 to 1000000.`);
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
    try {
      const row = await invites.create(database.db, { code, maxUses, expiresAt });
      console.log(`Invite code: ${row.code}`);
      console.log(`Uses: 0/${row.maxUses}`);
      console.log(`Expires: ${row.expiresAt ? row.expiresAt.toISOString() : 'never'}`);
      console.log(`Register at ${config.publicUrl}/register`);
      return 0;
    } catch (error) {
      if (error instanceof InviteCodeTakenError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  },
};

const list: Command = {
  usage: 'invites list',
  summary: 'list invite codes with uses/max, expiry and status',
  async run({ database }) {
    const rows = await invites.list(database.db);
    if (rows.length === 0) {
      console.log('No invite codes yet. Create one with: npm run cli -- invites create');
      return 0;
    }
    const table = [
      ['CODE', 'USES', 'EXPIRES', 'STATUS'],
      ...rows.map((row) => [
        row.code,
        `${row.uses}/${row.maxUses}`,
        row.expiresAt ? row.expiresAt.toISOString() : 'never',
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
    return 0;
  },
};

/** `invites create …` and `invites list`: the index dispatches on the first word, so one entry. */
const invitesCommand: Command = {
  usage: 'invites create | invites list',
  summary: 'create [--code C] [--max-uses N] [--expires ISO]; list: uses/max, expiry',
  async run(ctx) {
    const [sub, ...rest] = ctx.args;
    if (sub === 'create') return create.run({ ...ctx, args: rest });
    if (sub === 'list') return list.run({ ...ctx, args: rest });
    console.error(`Usage:\n  npm run cli -- ${create.usage}\n  npm run cli -- ${list.usage}`);
    return 1;
  },
};

export const accountsCommands: Record<string, Command> = { invites: invitesCommand };
