import { consoleMessages, type BatchWriteResult, type LearnersPage } from '@ai-tutor/contract';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema.js';
import { invites } from '../src/services/accounts/invites.js';
import { useTestApp } from './helpers/app.js';
import { createStaff } from './helpers/console.js';
import { insertCatalogue, startSession, subjectQuiz } from './helpers/catalogue.js';
import { createLearner } from './helpers/learner.js';

/** Learners in the console: listed, searched, scoped to a teacher's batches, disabled and re-enabled. */
const t = useTestApp();

type Headers = Record<string, string>;
const learners = async (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/learners${query}`, headers });
const setStatus = (headers: Headers, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/admin/learners/${id}/status`, headers, payload });
const newBatch = async (headers: Headers, memberEmails: string[]) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/batches',
      headers,
      payload: { name: `Batch ${randomBytes(3).toString('hex')}`, memberEmails },
    })
  ).json().data as BatchWriteResult;

/** A learner who registered with a password (so sign-in and refresh can be tried). */
async function registered(name: string) {
  const email = `${name.toLowerCase()}.${randomBytes(4).toString('hex')}@example.test`;
  const { code: inviteCode } = await invites.create(t.app.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { name, email, password: 'right-pass', confirmPassword: 'right-pass', inviteCode },
  });
  const { user, tokens } = res.json().data;
  return { id: user.id as string, email, refreshToken: tokens.refresh_token as string };
}

describe('GET /api/v1/admin/learners', () => {
  it('lists learners with their batches, attempts and last activity; searches; no staff listed', async () => {
    const admin = await createStaff(t.app, 'admin');
    const meera = await registered(`Meera${randomBytes(2).toString('hex')}`);
    const batch = await newBatch(admin.headers, [meera.email]);

    const page = (await learners(admin.headers, `?search=${meera.email.slice(0, 12).toUpperCase()}`)).json()
      .data as LearnersPage;
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      id: meera.id,
      email: meera.email,
      verified: false,
      disabled: false,
      batches: [{ id: batch.batch.id, name: batch.batch.name }],
      attempts: 0,
    });
    // signing up opened a session: that is activity
    expect(page.rows[0]!.lastActiveAt).toEqual(expect.any(String));

    const inBatch = (await learners(admin.headers, `?batchId=${batch.batch.id}`)).json().data as LearnersPage;
    expect(inBatch.rows.map((row) => row.id)).toEqual([meera.id]);
    await createLearner(t.app);
    const all = (await learners(admin.headers, '?limit=100')).json().data as LearnersPage;
    expect(all.rows.map((row) => row.id)).not.toContain(admin.id);

    const paged = (await learners(admin.headers, '?limit=1&page=2')).json().data as LearnersPage;
    expect(paged.rows).toHaveLength(1);
    expect(paged.total).toBe(all.total);
    expect((await learners(admin.headers, '?limit=0')).statusCode).toBe(400);
  });

  it('counts a learner’s attempts and takes a started attempt as activity', async () => {
    const admin = await createStaff(t.app, 'admin');
    const learner = await createLearner(t.app);
    const row = async () =>
      ((await learners(admin.headers, `?search=${learner.email}`)).json().data as LearnersPage).rows[0]!;
    expect(await row()).toMatchObject({ attempts: 0, lastActiveAt: null });
    const catalogue = await insertCatalogue(t.app.db, { subjects: [{ name: 'Physics', questions: 3 }] });
    const started = Date.now();
    await startSession(t.app, learner, subjectQuiz(catalogue));
    await startSession(t.app, learner, subjectQuiz(catalogue));
    const after = await row();
    expect(after.attempts).toBe(2);
    expect(Date.parse(after.lastActiveAt!)).toBeGreaterThanOrEqual(started - 1000);
  });

  it('shows a teacher only their batches’ learners; another batch is 404', async () => {
    const admin = await createStaff(t.app, 'admin');
    const teacher = await createStaff(t.app, 'teacher');
    const [mine, other] = [await createLearner(t.app), await createLearner(t.app)];
    const myBatch = await newBatch(admin.headers, [mine.email]);
    const otherBatch = await newBatch(admin.headers, [other.email, mine.email]);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/batches/${myBatch.batch.id}`,
      headers: admin.headers,
      payload: { addTeacherEmails: [teacher.email] },
    });

    const page = (await learners(teacher.headers, '?limit=100')).json().data as LearnersPage;
    expect(page.rows.map((row) => row.id)).toEqual([mine.id]);
    // the batches a teacher is not assigned to are not shown either
    expect(page.rows[0]!.batches.map((b) => b.id)).toEqual([myBatch.batch.id]);
    const outside = await learners(teacher.headers, `?batchId=${otherBatch.batch.id}`);
    expect([outside.statusCode, outside.json().message]).toEqual([404, consoleMessages.batchNotFound]);
    expect((await setStatus(teacher.headers, mine.id, { disabled: true })).statusCode).toBe(403);
  });
});

describe('disabling a learner', () => {
  it('revokes their sessions at once, refuses sign-in with a clear message, and re-enabling restores it', async () => {
    const admin = await createStaff(t.app, 'admin');
    const learner = await registered('Arjun');
    const res = await setStatus(admin.headers, learner.id, { disabled: true, reason: 'left the centre' });
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { message: consoleMessages.learnerDisabled(learner.email), data: { id: learner.id, disabled: true } },
    ]);

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: learner.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: learner.email, password: 'right-pass' },
      });
    const refused = await login();
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { message: consoleMessages.accountDisabled, data: null },
    ]);
    const listed = (await learners(admin.headers, `?search=${learner.email}`)).json().data as LearnersPage;
    expect(listed.rows[0]!.disabled).toBe(true);

    // a repeat changes nothing and is not audited
    const rows = async () =>
      (await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, learner.id))).map((row) => [
        row.action,
        row.reason,
      ]);
    await setStatus(admin.headers, learner.id, { disabled: true });
    expect(await rows()).toEqual([['learner.disable', 'left the centre']]);

    const enabled = await setStatus(admin.headers, learner.id, { disabled: false });
    expect(enabled.json().message).toBe(consoleMessages.learnerEnabled(learner.email));
    expect((await login()).statusCode).toBe(200);
    expect((await rows()).sort()).toEqual([
      ['learner.disable', 'left the centre'],
      ['learner.enable', null],
    ]);
  });

  it('answers 404 for an unknown id or a staff account, 400 for bad input, writing nothing', async () => {
    const admin = await createStaff(t.app, 'admin');
    const editor = await createStaff(t.app, 'editor');
    const before = await t.app.db.select().from(auditLog);
    const unknown = await setStatus(admin.headers, '00000000-0000-4000-8000-000000000000', {
      disabled: true,
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, consoleMessages.learnerNotFound]);
    expect((await setStatus(admin.headers, editor.id, { disabled: true })).statusCode).toBe(404);
    expect((await setStatus(admin.headers, editor.id, { disabled: 'yes' })).statusCode).toBe(400);
    expect((await setStatus(admin.headers, 'not-a-uuid', { disabled: true })).statusCode).toBe(400);
    expect(await t.app.db.select().from(auditLog)).toEqual(before);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, editor.id));
    expect(row!.disabledAt).toBeNull();
  });
});
