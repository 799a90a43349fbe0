import { consoleMessages, type AuditPage } from '@ai-tutor/contract';
import { describe, expect, it } from 'vitest';
import { accountsCommands } from '../src/cli/accounts-commands.js';
import { usersCommands } from '../src/cli/users-commands.js';
import { auditLog, userRoles } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import { createStaff, runCli } from './helpers/console.js';
import { createLearner } from './helpers/learner.js';

/** Console roles and the audit log on the store the CLI opens itself (PGlite here, or PostgreSQL). */
const t = useTestApp();

const users = (...args: string[]) =>
  runCli(usersCommands.users!, args, { config: t.config, database: t.database });
const current = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers })).json().data.roles;
const audit = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/audit${query}`, headers });

describe('npm run cli -- users grant|revoke', () => {
  it('grants and revokes a role by email, shown in /users/current, each change audited as the CLI', async () => {
    const learner = await createLearner(t.app);
    expect(await current(learner.headers)).toEqual([]);

    const granted = await users('grant', learner.email.toUpperCase(), '--role', 'editor');
    expect(granted.code, granted.err).toBe(0);
    expect(granted.out).toBe(`${consoleMessages.roleGranted(learner.email, 'editor')}\nRoles: editor`);
    await users('grant', learner.email, '--role', 'admin');
    expect(await current(learner.headers)).toEqual(['editor', 'admin']);

    const revoked = await users('revoke', learner.email, '--role', 'editor');
    expect(revoked.out).toBe(`${consoleMessages.roleRevoked(learner.email, 'editor')}\nRoles: admin`);
    expect(await current(learner.headers)).toEqual(['admin']);

    const rows = (await audit(learner.headers, `?object=user:${learner.id}`)).json().data as AuditPage;
    expect(rows.total).toBe(3);
    expect(rows.rows.map((row) => [row.action, row.actor, row.before, row.after])).toEqual([
      ['role.revoke', 'cli', { roles: ['editor', 'admin'] }, { roles: ['admin'] }],
      ['role.grant', 'cli', { roles: ['editor'] }, { roles: ['editor', 'admin'] }],
      ['role.grant', 'cli', { roles: [] }, { roles: ['editor'] }],
    ]);
    expect(rows.rows[0]).toMatchObject({
      objectType: 'user',
      objectId: learner.id,
      objectLabel: learner.email,
    });
  });

  it('says so and writes nothing when there is nothing to change', async () => {
    const learner = await createLearner(t.app);
    await users('grant', learner.email, '--role', 'teacher');
    const before = await t.app.db.select().from(auditLog);
    const again = await users('grant', learner.email, '--role', 'teacher');
    expect(again.code).toBe(0);
    expect(again.out).toContain(consoleMessages.roleAlreadyHeld(learner.email, 'teacher'));
    const notHeld = await users('revoke', learner.email, '--role', 'admin');
    expect(notHeld.out).toContain(consoleMessages.roleNotHeld(learner.email, 'admin'));
    expect(await t.app.db.select().from(auditLog)).toHaveLength(before.length);
  });

  it('refuses an unknown account, an unknown role and a missing email, writing nothing', async () => {
    const rolesBefore = await t.app.db.select().from(userRoles);
    const auditBefore = await t.app.db.select().from(auditLog);
    const nobody = await users('grant', 'nobody@example.test', '--role', 'admin');
    expect([nobody.code, nobody.err]).toEqual([1, consoleMessages.noSuchUser('nobody@example.test')]);
    const badRole = await users('grant', 'a@example.test', '--role', 'owner');
    expect(badRole.code).toBe(1);
    expect(badRole.err).toContain('--role "owner" is not one of teacher|editor|admin');
    expect((await users('grant', '--role', 'admin')).err).toContain('which account?');
    expect((await users('promote', 'a@example.test')).err).toContain('unknown sub-command "promote"');
    expect((await users('grant', 'not-an-email', '--role', 'admin')).code).toBe(1);
    expect(await t.app.db.select().from(userRoles)).toEqual(rolesBefore);
    expect(await t.app.db.select().from(auditLog)).toEqual(auditBefore);
  });
});

describe('the console’s role guard', () => {
  it('answers 401 without a token and 403 to a learner on every /api/v1/admin path', async () => {
    const learner = await createLearner(t.app);
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const adminRoutes = Object.entries(docs.paths)
      .filter(([path]) => path.startsWith('/api/v1/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const { path, method } of adminRoutes) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const request = {
        method: method.toUpperCase() as 'GET',
        url,
        payload: method === 'get' ? undefined : {},
      };
      const anonymous = await t.app.inject(request);
      expect([url, anonymous.statusCode]).toEqual([url, 401]);
      const refused = await t.app.inject({ ...request, headers: learner.headers });
      expect([url, refused.statusCode, refused.json()]).toEqual([
        url,
        403,
        { message: consoleMessages.roleRequired, data: null },
      ]);
    }
  });

  it('lets an admin read the audit log, not an editor or a teacher; a revoked role stops at once', async () => {
    const editor = await createStaff(t.app, 'editor');
    const teacher = await createStaff(t.app, 'teacher');
    const admin = await createStaff(t.app, 'admin');
    expect((await audit(editor.headers)).statusCode).toBe(403);
    expect((await audit(teacher.headers)).statusCode).toBe(403);
    expect((await audit(admin.headers)).statusCode).toBe(200);
    await users('revoke', admin.email, '--role', 'admin');
    expect((await audit(admin.headers)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/admin/audit', () => {
  it('pages newest first and filters by actor and object; the CLI’s invites are audited too', async () => {
    const admin = await createStaff(t.app, 'admin');
    const invites = (...args: string[]) =>
      runCli(accountsCommands.invites!, args, { config: t.config, database: t.database });
    for (const code of ['AUDIT-ONE', 'AUDIT-TWO', 'AUDIT-THREE']) await invites('create', '--code', code);

    const first = (await audit(admin.headers, '?object=invite&limit=2')).json().data as AuditPage;
    expect(first.total).toBe(3);
    expect(first.rows.map((row) => row.objectLabel)).toEqual(['AUDIT-THREE', 'AUDIT-TWO']);
    expect(first.rows[0]).toMatchObject({
      action: 'invite.create',
      actor: 'cli',
      actorId: null,
      after: { code: 'AUDIT-THREE', maxUses: 1, expiresAt: null },
    });
    const second = (await audit(admin.headers, '?object=invite&limit=2&page=2')).json().data as AuditPage;
    expect(second.rows.map((row) => row.objectLabel)).toEqual(['AUDIT-ONE']);

    const byActor = (await audit(admin.headers, '?actor=CL&object=invite')).json().data as AuditPage;
    expect(byActor.total).toBe(3);
    const nobody = (await audit(admin.headers, '?actor=someone%25else')).json().data as AuditPage;
    expect(nobody).toEqual({ rows: [], total: 0 });
  });

  it('refuses a bad page, limit or object filter with a 400 envelope', async () => {
    const admin = await createStaff(t.app, 'admin');
    for (const query of ['?page=0', '?limit=1000', '?object=USER%20x', '?page=abc']) {
      const res = await audit(admin.headers, query);
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.json()).toMatchObject({ data: null });
    }
  });
});
