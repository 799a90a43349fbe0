import { afterEach, describe, expect, it, vi } from 'vitest';
import { inviteCodes } from '../src/db/schema.js';
import { accountsCommands } from '../src/cli/accounts-commands.js';
import { ensureFirstInviteCode } from '../src/services/accounts/first-invite.js';
import { type TestApp, testConfig, useTestApp } from './helpers/app.js';
const t = useTestApp({ PUBLIC_URL: 'https://tutor.example.test' });
afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs `invites …` and captures what it prints. */
async function cli(...args: string[]) {
  return cliWith(t.config, ...args);
}

async function cliWith(config: TestApp['config'], ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
  const code = await accountsCommands.invites!.run({ config, database: t.database, args });
  vi.restoreAllMocks();
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('first start', () => {
  it('creates and prints one invite code with the register URL, only on a database with none', async () => {
    const first = await cli('list');
    expect(first.out).toMatch(/No invite codes yet/);

    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    const code = await ensureFirstInviteCode(t.app);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(lines[0]).toBe(`Invite code: ${code}`);
    expect(lines.join('\n')).toContain('https://tutor.example.test/register');

    expect(await ensureFirstInviteCode(t.app)).toBeNull();
    expect(await t.app.db.select().from(inviteCodes)).toHaveLength(1);
    vi.restoreAllMocks();

    const check = await t.app.inject({ method: 'GET', url: `/api/v1/invitecode/verify/${code}` });
    expect(check.statusCode).toBe(200);
  });
});

describe('npm run cli -- invites', () => {
  it('create prints a generated code usable once by default', async () => {
    const { code, out } = await cli('create');
    expect(code).toBe(0);
    const printed = /Invite code: (\S+)/.exec(out)?.[1];
    expect(printed).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(out).toContain('Uses: 0/1');
    expect(out).toContain('Expires: never');
    expect(out).toContain('Register at https://tutor.example.test/register');
  });

  it('create prints the register URL on the PORT it is given when PUBLIC_URL is unset', async () => {
    const { code, out } = await cliWith(testConfig({ PORT: '4123' }), 'create');
    expect(code).toBe(0);
    expect(out).toContain('Register at http://localhost:4123/register');
  });

  it('create takes --code (stored upper case), --max-uses and --expires; list shows uses/max and expiry', async () => {
    const created = await cli(
      'create',
      '--code',
      'batch-2030',
      '--max-uses',
      '25',
      '--expires',
      '2030-06-30T00:00:00Z',
    );
    expect(created.code).toBe(0);
    expect(created.out).toContain('Invite code: BATCH-2030');

    const { code, out } = await cli('list');
    expect(code).toBe(0);
    const line = out.split('\n').find((l) => l.startsWith('BATCH-2030'));
    expect(line).toMatch(/^BATCH-2030\s+0\/25\s+2030-06-30T00:00:00\.000Z\s+usable$/);
    expect(out.split('\n')[0]).toMatch(/^CODE\s+USES\s+EXPIRES\s+STATUS$/);
  });

  it('refuses bad input with a clear message and exit code 1', async () => {
    const cases: [string[], RegExp][] = [
      [['create', '--code', 'BATCH-2030'], /already exists/],
      [['create', '--max-uses', '0'], /--max-uses "0" is not valid/],
      [['create', '--max-uses', 'lots'], /--max-uses "lots" is not valid/],
      [['create', '--expires', 'next week'], /--expires "next week" is not valid/],
      [['create', '--expires', '2001-01-01'], /is in the past/],
      [['create', '--code', 'a b'], /--code "a b" is not valid/],
      [['create', '--colour', 'red'], /unknown option --colour/],
      [['create', '--max-uses'], /--max-uses needs a value/],
      [['create', 'extra'], /unexpected argument "extra"/],
      [['list', 'extra'], /unexpected argument "extra"/],
      [['rename'], /Usage/],
    ];
    for (const [args, message] of cases) {
      const { code, err } = await cli(...args);
      expect(code, args.join(' ')).toBe(1);
      expect(err, args.join(' ')).toMatch(message);
    }
  });
});
