import { rankingData, type RankingData } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerSheets, auditLog, posts, questionStats, users } from '../src/db/schema.js';
import { invites } from '../src/services/accounts/invites.js';
import { useTestApp } from './helpers/app.js';
import {
  insertCatalogue,
  save,
  startSession,
  subjectQuiz,
  submit,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { startFakeGoogle, type FakeGoogle } from './helpers/google.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { closeTest, rankingOf, scheduleOpenTest, takeLive } from './helpers/live-tests.js';
import { deleteMe, PASSWORD, registeredLearner } from './helpers/my-data.js';

// docs/decisions/0023-learners-data-and-backups.md: deleting an account erases what is personal, ends
// every session at once and moves nobody else's rank.
let c: TestCatalogue;
let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(async () => google.close());
const t = useTestApp(() => ({ GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl }));
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 3, durationMinutes: 30 },
    subjects: [{ name: 'Physics', questions: 3 }],
  });
});

const ranking = async (who: TestLearner, id: string): Promise<RankingData> =>
  rankingData.parse((await rankingOf(t.app, who, id)).json().data);
const statsOf = async (questionIds: string[]) =>
  (await t.app.db.select().from(questionStats))
    .filter((row) => questionIds.includes(row.questionId))
    .reduce((n, row) => n + row.answers, 0);

describe('DELETE /api/v1/users/me', () => {
  it('a wrong password is refused and changes nothing', async () => {
    const asha = await registeredLearner(t.app);
    const res = await deleteMe(t.app, asha, { password: 'not-the-password' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ data: null, message: expect.stringMatching(/Nothing was deleted/) });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, asha.id));
    expect(row).toMatchObject({ email: asha.email, deletedAt: null });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: asha.headers })).statusCode,
    ).toBe(200);
    expect((await deleteMe(t.app, asha, {})).statusCode).toBe(400);
    expect((await deleteMe(t.app, asha, { password: PASSWORD, googleIdToken: 'x' })).statusCode).toBe(400);
  });

  it('erases the learner, ends every session, keeps others’ ranks and the question statistics; the email registers again', async () => {
    const id = await scheduleOpenTest(t.app.db, c);
    const leaver = await registeredLearner(t.app, 'Leaving Learner');
    const [first, third] = [await createLearner(t.app), await createLearner(t.app)];
    const sl = await takeLive(t.app, leaver, c, id, 2);
    const sf = await takeLive(t.app, first, c, id, 3);
    const st = await takeLive(t.app, third, c, id, 1);
    for (const [who, s] of [
      [leaver, sl],
      [first, sf],
      [third, st],
    ] as const)
      await submit(t.app, who, s.assessment.slug);
    await closeTest(t.app.db, id);
    await t.app.liveTests.rankDue();
    await t.app.review.drainHistory();
    const before = [(await ranking(first, id)).you, (await ranking(third, id)).you];
    expect(before.map((you) => you!.rank)).toEqual([1, 3]);
    const stats = await statsOf(c.subjects[0]!.questionIds);

    const res = await deleteMe(t.app, leaver, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: leaver.id, deletedAt: expect.any(String) });

    // Every session ends at once: the access token and the refresh token are dead.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: leaver.headers }))
        .statusCode,
    ).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: leaver.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: leaver.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    // Nothing personal is left on the row; the audit row says who and what, without the email.
    const [row] = await t.app.db.select().from(users).where(eq(users.id, leaver.id));
    expect(row).toMatchObject({ name: 'Deleted learner', phone: null, passwordHash: null, googleSub: null });
    expect(row!.email).not.toContain('asha');
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, leaver.id));
    expect(audit).toEqual([expect.objectContaining({ action: 'account.delete', actorId: leaver.id })]);
    expect(JSON.stringify(audit)).not.toContain(leaver.email);

    // Others' ranks and percentiles do not move; the question statistics keep their counts.
    const after = [(await ranking(first, id)).you, (await ranking(third, id)).you];
    expect(after).toEqual(before);
    expect((await ranking(first, id)).takers).toBe(3);
    expect(await statsOf(c.subjects[0]!.questionIds)).toBe(stats);

    // The same email is a new learner.
    const { code: inviteCode } = await invites.create(t.app.db);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        name: 'Back Again',
        email: leaver.email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        inviteCode,
      },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.user.id).not.toBe(leaver.id);
  });

  it('erases written answers and posts', async () => {
    const ravi = await registeredLearner(t.app, 'Ravi Writer');
    const free = await insertCatalogue(t.app.db, {
      subjects: [
        {
          name: 'English',
          questionCount: 1,
          questions: [{ text: 'Say hello', options: [], answer: 'hello' }],
        },
      ],
    });
    const s = await startSession(t.app, ravi, subjectQuiz(free));
    await save(t.app, ravi, { evaluationId: s.evaluation[0]!._id, userAnswer: 'my private words' });
    await submit(t.app, ravi, s.assessment.slug);
    await t.app.db
      .insert(posts)
      .values({ userId: ravi.id, assessmentId: s.assessment._id, content: 'I did it' });

    expect((await deleteMe(t.app, ravi, { password: PASSWORD })).statusCode).toBe(200);
    const [sheet] = await t.app.db
      .select()
      .from(answerSheets)
      .where(eq(answerSheets.assessmentId, s.assessment._id));
    expect(sheet!.answers).toEqual([null]);
    expect(await t.app.db.select().from(posts).where(eq(posts.userId, ravi.id))).toEqual([]);
  });

  it('a Google account confirms with a fresh Google ID token of the same account', async () => {
    const sub = `google-${Date.now()}`;
    const email = `g.${sub}@example.test`;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/google',
      payload: { authorization: await google.idToken({ sub, email }) },
    });
    expect(signIn.statusCode).toBe(200);
    const who = { headers: { authorization: `Bearer ${signIn.json().data.tokens.access_token as string}` } };
    const someoneElse = await google.idToken({ sub: 'another-sub', email: 'x@example.test' });
    expect((await deleteMe(t.app, who, { googleIdToken: someoneElse })).statusCode).toBe(403);
    expect((await deleteMe(t.app, who, { password: 'anything-at-all' })).statusCode).toBe(403);
    const res = await deleteMe(t.app, who, { googleIdToken: await google.idToken({ sub, email }) });
    expect(res.statusCode).toBe(200);
  });
});

describe('DELETE /api/v1/admin/learners/:id', () => {
  it('an admin deletes a learner with a reason (audited); a teacher is refused', async () => {
    const [admin, teacher] = [await createStaff(t.app, 'admin'), await createStaff(t.app, 'teacher')];
    const learner = await registeredLearner(t.app, 'Removed By Admin');
    const del = (who: TestLearner, payload: object) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/learners/${learner.id}`,
        headers: who.headers,
        payload,
      });

    expect((await del(teacher, { reason: 'asked by parent' })).statusCode).toBe(403);
    expect((await del(learner, { reason: 'asked by parent' })).statusCode).toBe(403);
    expect((await del(admin, {})).statusCode).toBe(400);
    expect((await t.app.db.select().from(users).where(eq(users.id, learner.id)))[0]!.deletedAt).toBeNull();
    const notALearner = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/learners/${teacher.id}`,
      headers: admin.headers,
      payload: { reason: 'not a learner' },
    });
    expect(notALearner.statusCode).toBe(404);

    const res = await del(admin, { reason: 'asked by parent' });
    expect(res.statusCode).toBe(200);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, learner.id));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'account.delete', actorId: admin.id, reason: 'asked by parent' }),
    ]);
    expect((await del(admin, { reason: 'again' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: learner.headers }))
        .statusCode,
    ).toBe(401);
  });
});
