import { consoleMessages, type AuditPage } from '@ai-tutor/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCommands } from '../src/cli/accounts-commands.js';
import { usersCommands } from '../src/cli/users-commands.js';
import { readAdminAccess, type AdminAccess } from '../src/lib/admin-access.js';
import { useTestApp } from './helpers/app.js';
import { createStaff } from './helpers/console.js';
import { runCli } from './helpers/console.js';
import { createLearner } from './helpers/learner.js';

/**
 * While the server holds the embedded store, `users grant|revoke` and `invites create` go through its
 * loopback channel (routes/api/admin/) and are audited as the command line's, as on PostgreSQL.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'ai-tutor-console-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const t = useTestApp({ DATABASE_URL: undefined, DATA_DIR: dataDir });
let server: AdminAccess;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  server = readAdminAccess(dataDir)!;
});

const users = (...args: string[]) => runCli(usersCommands.users!, args, { server });

describe('users grant|revoke while the server holds the embedded store', () => {
  it('changes the roles through the running server, audited as the CLI', async () => {
    const learner = await createLearner(t.app);
    const granted = await users('grant', learner.email, '--role', 'admin');
    expect(granted.code, granted.err).toBe(0);
    expect(granted.out).toBe(`${consoleMessages.roleGranted(learner.email, 'admin')}\nRoles: admin`);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: learner.headers });
    expect(me.json().data.roles).toEqual(['admin']);

    const invite = await runCli(accountsCommands.invites!, ['create', '--code', 'CHANNEL-1'], { server });
    expect(invite.code, invite.err).toBe(0);

    const log = await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit', headers: learner.headers });
    const rows = (log.json().data as AuditPage).rows;
    expect(rows.map((row) => [row.action, row.actor, row.objectLabel])).toEqual([
      ['invite.create', 'cli', 'CHANNEL-1'],
      ['role.grant', 'cli', learner.email],
    ]);

    const revoked = await users('revoke', learner.email, '--role', 'admin');
    expect(revoked.out).toContain('Roles: none (a learner)');
  });

  it('prints the server’s refusal for an unknown account and checks input before asking', async () => {
    const nobody = await users('grant', 'nobody@example.test', '--role', 'teacher');
    expect([nobody.code, nobody.err]).toEqual([1, consoleMessages.noSuchUser('nobody@example.test')]);
    const bad = await users('grant', 'a@example.test', '--role', 'root');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('is not one of teacher|editor|admin');
  });

  it('refuses a caller without the channel’s token (401), writing nothing', async () => {
    const staff = await createStaff(t.app, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: staff.headers,
      payload: { email: staff.email, role: 'editor', action: 'grant' },
    });
    expect(res.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: staff.headers });
    expect(me.json().data.roles).toEqual(['admin']);
  });
});
