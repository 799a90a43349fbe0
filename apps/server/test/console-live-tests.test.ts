import {
  adminLiveTestMessages,
  RESULTS_BEING_CHECKED,
  scopeHeldForChecking,
  type AdminLiveTestDetail,
  type AdminLiveTestPage,
  type AuditPage,
  type BatchWriteResult,
  type ScheduledLiveTest,
} from '@ai-tutor/contract';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveTestCommands } from '../src/cli/live-test-commands.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, moduleTest, submit, type TestCatalogue } from './helpers/catalogue.js';
import { createStaff, runCli } from './helpers/console.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { closeAllTests, closeTest, listLive, rankingOf, startLive, takeLive } from './helpers/live-tests.js';

/** Live tests from the console: schedule, edit, watch, cancel, re-open for one learner, release. */
const t = useTestApp();
let c: TestCatalogue;
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 3, durationMinutes: 30 },
    subjects: [{ name: 'Physics', questions: 3 }],
  });
});

type Headers = Record<string, string>;
const base = '/api/v1/admin/scheduled-tests';
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const schedule = async (headers: Headers, extra: object = {}) => {
  const res = await call('POST', base, headers, {
    moduleSlug: c.module.slug,
    opensAt: inMinutes(-1),
    closesAt: inMinutes(120),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as ScheduledLiveTest).test;
};
/** The audit log is read by admins. */
const auditOf = async (id: string) => {
  const admin = await createStaff(t.app, 'admin');
  const res = await call('GET', `/api/v1/admin/audit?object=live-test:${id}`, admin.headers);
  return res.json().data as AuditPage;
};
const newBatch = async (admin: TestLearner, members: TestLearner[], teachers: TestLearner[] = []) => {
  const res = await call('POST', '/api/v1/admin/batches', admin.headers, {
    name: `Centre ${randomBytes(3).toString('hex')}`,
    memberEmails: members.map((m) => m.email),
  });
  const { batch } = res.json().data as BatchWriteResult;
  if (teachers.length)
    await call('PATCH', `/api/v1/admin/batches/${batch.id}`, admin.headers, {
      addTeacherEmails: teachers.map((m) => m.email),
    });
  return batch.id;
};

describe('who may do what', () => {
  it('answers 401 without a token, 403 to learners and to teachers who would write', async () => {
    const learner = await createLearner(t.app);
    const teacher = await createStaff(t.app, 'teacher');
    expect((await call('GET', base, {})).statusCode).toBe(401);
    expect((await call('GET', base, learner.headers)).statusCode).toBe(403);
    const payload = { moduleSlug: c.module.slug, opensAt: inMinutes(10), closesAt: inMinutes(100) };
    expect((await call('POST', base, learner.headers, payload)).statusCode).toBe(403);
    expect((await call('POST', base, teacher.headers, payload)).statusCode).toBe(403);
    const editor = await createStaff(t.app, 'editor');
    const test = await schedule(editor.headers);
    for (const action of ['cancel', 'release'])
      expect((await call('POST', `${base}/${test.id}/${action}`, teacher.headers)).statusCode).toBe(403);
    expect((await call('GET', `${base}/${test.id}/progress`, {})).statusCode).toBe(401);
  });

  it('refuses bad input (400) and unknown ids (404), writing nothing', async () => {
    const editor = await createStaff(t.app, 'editor');
    const before = await t.app.db.execute(sql`SELECT count(*)::int AS n FROM scheduled_tests`);
    const bad = [
      { moduleSlug: c.module.slug, opensAt: 'tomorrow', closesAt: inMinutes(100) },
      { moduleSlug: c.module.slug, opensAt: inMinutes(10), closesAt: inMinutes(100), release: 'later' },
      // shorter than the test's 30 minutes
      { moduleSlug: c.module.slug, opensAt: inMinutes(10), closesAt: inMinutes(20) },
    ];
    for (const payload of bad)
      expect((await call('POST', base, editor.headers, payload)).statusCode).toBe(400);
    const unknownModule = await call('POST', base, editor.headers, {
      moduleSlug: 'no-such-module',
      opensAt: inMinutes(10),
      closesAt: inMinutes(100),
    });
    expect(unknownModule.statusCode).toBe(404);
    const unknownBatch = await call('POST', base, editor.headers, {
      moduleSlug: c.module.slug,
      opensAt: inMinutes(10),
      closesAt: inMinutes(100),
      batchIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownBatch.statusCode).toBe(404);
    const after = await t.app.db.execute(sql`SELECT count(*)::int AS n FROM scheduled_tests`);
    expect(after.rows).toEqual(before.rows);
    const missing = `${base}/00000000-0000-4000-8000-000000000000`;
    expect((await call('GET', missing, editor.headers)).statusCode).toBe(404);
    expect((await call('PATCH', missing, editor.headers, { name: 'x' })).statusCode).toBe(404);
    expect((await call('POST', `${missing}/cancel`, editor.headers)).statusCode).toBe(404);
    expect((await call('GET', `${base}/not-a-uuid`, editor.headers)).statusCode).toBe(400);
  });

  it("says why a window is too short with the test's duration in words: 1 minute, 30 minutes", async () => {
    const editor = await createStaff(t.app, 'editor');
    const sprint = await insertCatalogue(t.app.db, {
      module: { questionCount: 3, durationMinutes: 1 },
      subjects: [{ name: 'Physics', questions: 3 }],
    });
    const tooShort = async (moduleSlug: string, seconds: number) => {
      const opensAt = Date.now() + 10 * 60_000;
      const res = await call('POST', base, editor.headers, {
        moduleSlug,
        opensAt: new Date(opensAt).toISOString(),
        closesAt: new Date(opensAt + seconds * 1000).toISOString(),
      });
      expect(res.statusCode).toBe(400);
      return res.json() as { message: string; data: null };
    };
    expect(await tooShort(sprint.module.slug, 30)).toEqual({
      message: "The window must be at least the test's duration (1 minute).",
      data: null,
    });
    expect((await tooShort(c.module.slug, 20 * 60)).message).toBe(
      "The window must be at least the test's duration (30 minutes).",
    );
  });
});

describe('scheduling for batches', () => {
  it('shows a batch test only to its members; others cannot start it (404); teachers watch their own', async () => {
    const admin = await createStaff(t.app, 'admin');
    const teacher = await createStaff(t.app, 'teacher');
    const otherTeacher = await createStaff(t.app, 'teacher');
    const [member, outsider] = [await createLearner(t.app), await createLearner(t.app)];
    const batchId = await newBatch(admin, [member], [teacher]);
    const test = await schedule(admin.headers, { batchIds: [batchId], name: 'Centre mock' });
    expect(test).toMatchObject({ name: 'Centre mock', release: 'at-close', state: 'live', questions: 3 });
    expect(test.batches.map((b) => b.id)).toEqual([batchId]);

    expect((await listLive(t.app, member)).live.map((x) => x.id)).toContain(test.id);
    expect((await listLive(t.app, outsider)).live.map((x) => x.id)).not.toContain(test.id);
    expect((await startLive(t.app, outsider, c, test.id)).statusCode).toBe(404);
    expect((await rankingOf(t.app, outsider, test.id)).statusCode).toBe(404);
    const session = await takeLive(t.app, member, c, test.id, 2);

    const watched = await call('GET', `${base}/${test.id}`, teacher.headers);
    expect(watched.statusCode).toBe(200);
    expect((watched.json().data as AdminLiveTestDetail).progress).toMatchObject({
      eligible: 1,
      started: 1,
      submitted: 0,
      running: 1,
    });
    await submit(t.app, member, session.assessment.slug);
    const progress = await call('GET', `${base}/${test.id}/progress`, teacher.headers);
    expect(progress.json().data).toMatchObject({ started: 1, submitted: 1, running: 0 });
    const list = (await call('GET', `${base}?limit=100`, teacher.headers)).json().data as AdminLiveTestPage;
    expect(list.rows.map((row) => row.id)).toEqual([test.id]);
    expect((await call('GET', `${base}/${test.id}`, otherTeacher.headers)).statusCode).toBe(404);
    expect((await call('GET', `${base}/${test.id}/progress`, otherTeacher.headers)).statusCode).toBe(404);

    const audit = await auditOf(test.id);
    expect(audit.rows.map((row) => [row.action, row.actor])).toEqual([['live-test.schedule', admin.email]]);
  });
});

describe('editing and cancelling', () => {
  it('edits a test before it opens (audited), refuses once it has opened (409)', async () => {
    const editor = await createStaff(t.app, 'editor');
    const test = await schedule(editor.headers, { opensAt: inMinutes(60), closesAt: inMinutes(180) });
    const res = await call('PATCH', `${base}/${test.id}`, editor.headers, {
      name: 'Renamed mock',
      closesAt: inMinutes(240),
      release: 'manual',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Renamed mock', release: 'manual', state: 'upcoming' });
    const tooShort = await call('PATCH', `${base}/${test.id}`, editor.headers, { closesAt: inMinutes(70) });
    expect(tooShort.statusCode).toBe(400);
    const audit = await auditOf(test.id);
    expect(audit.rows[0]).toMatchObject({
      action: 'live-test.update',
      before: { name: test.name, release: 'at-close' },
      after: { name: 'Renamed mock', release: 'manual' },
    });
    // (cancelled, so its paper held for checking does not hold the bank for the tests below)
    expect((await call('POST', `${base}/${test.id}/cancel`, editor.headers)).statusCode).toBe(200);

    const open = await schedule(editor.headers);
    const late = await call('PATCH', `${base}/${open.id}`, editor.headers, { name: 'Too late' });
    expect([late.statusCode, late.json().message]).toEqual([409, adminLiveTestMessages.alreadyOpen]);
    expect((await call('POST', `${base}/${open.id}/cancel`, editor.headers)).statusCode).toBe(409);
  });

  it('cancels a test before it opens: learners no longer see it; a second cancel is 409', async () => {
    const editor = await createStaff(t.app, 'editor');
    const learner = await createLearner(t.app);
    const test = await schedule(editor.headers, { opensAt: inMinutes(30), closesAt: inMinutes(120) });
    expect((await listLive(t.app, learner)).upcoming.map((x) => x.id)).toContain(test.id);
    const res = await call('POST', `${base}/${test.id}/cancel`, editor.headers);
    expect([res.statusCode, res.json().data.state]).toEqual([200, 'cancelled']);
    expect((await listLive(t.app, learner)).upcoming.map((x) => x.id)).not.toContain(test.id);
    expect((await startLive(t.app, learner, c, test.id)).statusCode).toBe(404);
    expect((await call('POST', `${base}/${test.id}/cancel`, editor.headers)).statusCode).toBe(409);
    expect((await auditOf(test.id)).rows[0]!.action).toBe('live-test.cancel');
  });
});

describe('re-opening for one learner', () => {
  it('gives a new window after the close; the new attempt is ranked with the rest', async () => {
    const admin = await createStaff(t.app, 'admin');
    const test = await schedule(admin.headers);
    const [cut, steady] = [await createLearner(t.app), await createLearner(t.app)];
    const interrupted = await takeLive(t.app, cut, c, test.id, 1);
    const done = await takeLive(t.app, steady, c, test.id, 2);
    await submit(t.app, steady, done.assessment.slug);
    await closeTest(t.app.db, test.id);

    // By email, as the operator knows them (in any case).
    const body = { email: cut.email.toUpperCase(), reason: 'Power cut at the Andheri centre', minutes: 30 };
    const res = await call('POST', `${base}/${test.id}/reopen`, admin.headers, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(adminLiveTestMessages.reopened(cut.email));
    const detail = res.json().data as AdminLiveTestDetail;
    expect(detail.progress.reopened).toEqual([
      expect.objectContaining({ userId: cut.id, reason: 'Power cut at the Andheri centre' }),
    ]);
    expect(detail.extendedUntil).not.toBeNull();
    const audit = await auditOf(test.id);
    expect(audit.rows[0]).toMatchObject({ action: 'live-test.reopen', reason: body.reason });

    // The ranking waits for the learner's window; so do everyone's results.
    expect(await t.app.liveTests.rankDue()).not.toContain(test.id);
    expect((await rankingOf(t.app, steady, test.id)).statusCode).toBe(409);
    // Only that learner may start after the close.
    expect((await startLive(t.app, await createLearner(t.app), c, test.id)).statusCode).toBe(409);
    const again = await takeLive(t.app, cut, c, test.id, 3);
    expect(again.assessment.slug).not.toBe(interrupted.assessment.slug);
    await submit(t.app, cut, again.assessment.slug);

    await t.app.db.execute(sql`
      UPDATE live_test_reopens SET closes_at = now() - interval '20 seconds' WHERE test_id = ${test.id}::uuid`);
    await t.app.db.execute(sql`
      UPDATE scheduled_tests SET extended_until = now() - interval '20 seconds' WHERE id = ${test.id}::uuid`);
    expect(await t.app.liveTests.rankDue()).toContain(test.id);
    const mine = (await rankingOf(t.app, cut, test.id)).json().data;
    const theirs = (await rankingOf(t.app, steady, test.id)).json().data;
    expect([mine.takers, mine.you.rank, mine.you.score, theirs.you.rank]).toEqual([2, 1, 12, 2]);
    const late = await call('POST', `${base}/${test.id}/reopen`, admin.headers, body);
    expect([late.statusCode, late.json().message]).toEqual([409, adminLiveTestMessages.alreadyRanked]);
  });

  it('re-opens only for learners the test is for, by email, with a reason; says why it cannot', async () => {
    const admin = await createStaff(t.app, 'admin');
    const [member, outsider] = [await createLearner(t.app), await createLearner(t.app)];
    const test = await schedule(admin.headers, { batchIds: [await newBatch(admin, [member])] });
    const url = `${base}/${test.id}/reopen`;
    const refused = async (payload: object, status: number) => {
      const res = await call('POST', url, admin.headers, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().data).toBeNull();
      return res.json().message as string;
    };
    expect(await refused({ email: outsider.email, reason: 'Power cut' }, 404)).toBe(
      `This test is not for ${outsider.email}: they are in none of its batches.`,
    );
    expect(await refused({ email: 'nobody@example.test', reason: 'Power cut' }, 404)).toBe(
      'No account has the email nobody@example.test.',
    );
    await refused({ email: 'not an email', reason: 'Power cut' }, 400);
    await refused({ email: member.email }, 400);
    const before = await auditOf(test.id);
    expect(before.rows.some((row) => row.action === 'live-test.reopen')).toBe(false);
    const res = await call('POST', url, admin.headers, { email: ` ${member.email} `, reason: 'Power cut' });
    expect([res.statusCode, res.json().message]).toEqual([200, `A new window is open for ${member.email}.`]);
    expect((res.json().data as AdminLiveTestDetail).progress.reopened).toEqual([
      expect.objectContaining({ userId: member.id, email: member.email, reason: 'Power cut' }),
    ]);
  });
});

describe('results released by hand', () => {
  it('holds results and the paper until the release, then ranks', async () => {
    await closeAllTests(t.app.db);
    // and the windows re-opened for learners by the tests above
    await t.app.db.execute(sql`UPDATE scheduled_tests SET extended_until = NULL`);
    const editor = await createStaff(t.app, 'editor');
    const test = await schedule(editor.headers, { release: 'manual' });
    const learner = await createLearner(t.app);
    const s = await takeLive(t.app, learner, c, test.id, 3);
    await submit(t.app, learner, s.assessment.slug);
    const early = await call('POST', `${base}/${test.id}/release`, editor.headers);
    expect([early.statusCode, early.json().message]).toEqual([409, adminLiveTestMessages.stillRunning]);
    // Submitted while the window is open: no "results open at" the close, which would not open them.
    const during = await t.app.inject({
      method: 'GET',
      url: `/api/v1/assessment/get-session/${s.assessment.slug}`,
      headers: learner.headers,
    });
    expect([during.statusCode, during.json().message]).toEqual([409, RESULTS_BEING_CHECKED]);
    expect(during.json().availableAt).toBeUndefined();
    const liveItem = (await listLive(t.app, learner)).live.find((p) => p.id === test.id);
    expect(liveItem).toMatchObject({ status: 'live', resultsHeld: true, you: { state: 'submitted' } });
    await closeTest(t.app.db, test.id);
    expect(await t.app.liveTests.rankDue()).not.toContain(test.id);

    const result = await t.app.inject({
      method: 'GET',
      url: `/api/v1/assessment/get-session/${s.assessment.slug}`,
      headers: learner.headers,
    });
    expect([result.statusCode, result.json().message]).toEqual([409, RESULTS_BEING_CHECKED]);
    expect(result.json().availableAt).toBeUndefined();
    const ranking = await rankingOf(t.app, learner, test.id);
    expect([ranking.statusCode, ranking.json().message]).toEqual([409, RESULTS_BEING_CHECKED]);
    // The learner's list says so too, so the page does not wait for a ranking.
    const heldItem = (await listLive(t.app, learner)).past.find((p) => p.id === test.id);
    expect(heldItem).toMatchObject({ resultsReady: false, resultsHeld: true, you: { state: 'submitted' } });
    // The paper stays out of circulation: a mock test of the module finds nothing to draw.
    const other = await createLearner(t.app);
    const mock = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assessment',
      headers: other.headers,
      payload: moduleTest(c),
    });
    expect([mock.statusCode, mock.json().message]).toEqual([409, scopeHeldForChecking(c.module.name)]);
    const listed = (await call('GET', `${base}/${test.id}`, editor.headers)).json()
      .data as AdminLiveTestDetail;
    expect(listed).toMatchObject({ state: 'closed', awaitingRelease: true });

    const released = await call('POST', `${base}/${test.id}/release`, editor.headers);
    expect(released.statusCode).toBe(200);
    expect(released.json().data).toMatchObject({ state: 'ranked', awaitingRelease: false });
    expect((await rankingOf(t.app, learner, test.id)).json().data.you).toMatchObject({ rank: 1, score: 12 });
    const releasedItem = (await listLive(t.app, learner)).past.find((p) => p.id === test.id);
    expect(releasedItem).toMatchObject({ resultsReady: true, resultsHeld: false, you: { state: 'ranked' } });
    const twice = await call('POST', `${base}/${test.id}/release`, editor.headers);
    expect([twice.statusCode, twice.json().message]).toEqual([409, adminLiveTestMessages.releasedAlready]);
    expect((await auditOf(test.id)).rows.map((row) => row.action)).toContain('live-test.release');
    const draws = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assessment',
      headers: other.headers,
      payload: moduleTest(c),
    });
    expect(draws.statusCode, draws.body).toBe(201);
  });
});

describe('the command line', () => {
  it('schedules for a batch with results released by hand, audited as the CLI', async () => {
    const admin = await createStaff(t.app, 'admin');
    const [member, outsider] = [await createLearner(t.app), await createLearner(t.app)];
    const batchId = await newBatch(admin, [member]);
    const args = [
      'schedule',
      '--module',
      c.module.slug,
      '--opens',
      inMinutes(30),
      '--closes',
      inMinutes(120),
    ];
    const done = await runCli(liveTestCommands.tests!, [...args, '--batch', batchId, '--release', 'manual'], {
      config: t.config,
      database: t.database,
    });
    expect(done.code, done.err).toBe(0);
    const id = /: ([0-9a-f-]{36})/.exec(done.out)![1]!;
    const test = (await call('GET', `${base}/${id}`, admin.headers)).json().data as AdminLiveTestDetail;
    expect(test).toMatchObject({ release: 'manual', batches: [{ id: batchId }] });
    expect((await listLive(t.app, member)).upcoming.map((x) => x.id)).toContain(id);
    expect((await listLive(t.app, outsider)).upcoming.map((x) => x.id)).not.toContain(id);
    expect((await auditOf(id)).rows[0]).toMatchObject({ action: 'live-test.schedule', actor: 'cli' });
    const wrong = await runCli(liveTestCommands.tests!, [...args, '--release', 'later'], {
      config: t.config,
      database: t.database,
    });
    expect(wrong.code).toBe(1);
    await runCli(liveTestCommands.tests!, ['cancel', id], { config: t.config, database: t.database });
  });
});
