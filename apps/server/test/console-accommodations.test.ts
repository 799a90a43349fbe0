import { consoleMessages, peopleMessages, type BatchWriteResult, type SessionData } from '@ai-tutor/contract';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, moduleTest, save, startSession, type TestCatalogue } from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { moveWindow, scheduleOpenTest, startLive } from './helpers/live-tests.js';

/** Learners' extra time (set in the console, applied at every timed start) and disabling at once. */
const t = useTestApp();
let mock: TestCatalogue;
let live: TestCatalogue;
beforeAll(async () => {
  mock = await insertCatalogue(t.app.db, {
    module: { questionCount: 2, durationMinutes: 180 },
    subjects: [{ name: 'Physics', questions: 2 }],
  });
  live = await insertCatalogue(t.app.db, {
    module: { questionCount: 2, durationMinutes: 30 },
    subjects: [{ name: 'Chemistry', questions: 2 }],
  });
});

type Headers = Record<string, string>;
const setExtra = (headers: Headers, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/admin/learners/${id}/accommodations`, headers, payload });
const minutesLeft = (s: SessionData) =>
  (Date.parse(s.assessment.deadline) - Date.parse(s.assessment.serverTime)) / 60_000;
const own = (learner: TestLearner) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/me/accommodations', headers: learner.headers });

describe('PUT /api/v1/admin/learners/{id}/accommodations', () => {
  it('gives every timed test started afterwards the extra time, and the learner can read it', async () => {
    const admin = await createStaff(t.app, 'admin');
    const learner = await createLearner(t.app);
    const before = await startSession(t.app, learner, moduleTest(mock));
    expect(before.assessment.totalTime).toBe(180);

    const res = await setExtra(admin.headers, learner.id, { extraTimePercent: 25, reason: 'medical note' });
    expect([res.statusCode, res.json()]).toEqual([
      200,
      {
        message: peopleMessages.accommodationsSaved(learner.email),
        data: { id: learner.id, extraTimePercent: 25, extraTimeMinutes: 0 },
      },
    ]);
    expect((await own(learner)).json().data).toEqual({ extraTimePercent: 25, extraTimeMinutes: 0 });

    const after = await startSession(t.app, learner, moduleTest(mock));
    expect(after.assessment.totalTime).toBe(225);
    expect(minutesLeft(after)).toBeGreaterThan(224.9);
    expect(minutesLeft(after)).toBeLessThanOrEqual(225);

    // a field left out keeps its value; minutes add to the percentage
    await setExtra(admin.headers, learner.id, { extraTimeMinutes: 10 });
    expect((await startSession(t.app, learner, moduleTest(mock))).assessment.totalTime).toBe(235);
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, learner.id));
    expect(rows.map((row) => [row.action, row.before, row.after, row.reason])).toEqual([
      [
        'learner.accommodations',
        { extraTimePercent: 0, extraTimeMinutes: 0 },
        { extraTimePercent: 25, extraTimeMinutes: 0 },
        'medical note',
      ],
      [
        'learner.accommodations',
        { extraTimePercent: 25, extraTimeMinutes: 0 },
        { extraTimePercent: 25, extraTimeMinutes: 10 },
        null,
      ],
    ]);
  });

  it('extends a live test too, but never past its close', async () => {
    const admin = await createStaff(t.app, 'admin');
    const [roomy, tight] = [await createLearner(t.app), await createLearner(t.app)];
    const id = await scheduleOpenTest(t.app.db, live);
    await setExtra(admin.headers, roomy.id, { extraTimePercent: 50 });
    await setExtra(admin.headers, tight.id, { extraTimePercent: 50 });
    // 30 minutes + 50 % = 45, with two hours of window left
    const a = (await startLive(t.app, roomy, live, id)).json().data as SessionData;
    expect(minutesLeft(a)).toBeGreaterThan(44.9);
    expect(minutesLeft(a)).toBeLessThanOrEqual(45);
    // 40 minutes of window left: the close ends it
    await moveWindow(t.app.db, id, -60, 40 * 60);
    const b = (await startLive(t.app, tight, live, id)).json().data as SessionData;
    expect(minutesLeft(b)).toBeGreaterThan(39.9);
    expect(minutesLeft(b)).toBeLessThanOrEqual(40);
  });

  it('lets a teacher set it only for their batches’ learners; 401, 403, 404 and 400 write nothing', async () => {
    const admin = await createStaff(t.app, 'admin');
    const teacher = await createStaff(t.app, 'teacher');
    const editor = await createStaff(t.app, 'editor');
    const [mine, other] = [await createLearner(t.app), await createLearner(t.app)];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/batches',
      headers: admin.headers,
      payload: { name: `Extra ${randomBytes(3).toString('hex')}`, memberEmails: [mine.email] },
    });
    const { batch } = created.json().data as BatchWriteResult;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/batches/${batch.id}`,
      headers: admin.headers,
      payload: { addTeacherEmails: [teacher.email] },
    });
    expect((await setExtra(teacher.headers, mine.id, { extraTimeMinutes: 20 })).statusCode).toBe(200);

    const audit = async () => (await t.app.db.select().from(auditLog)).length;
    const before = await audit();
    const outside = await setExtra(teacher.headers, other.id, { extraTimeMinutes: 20 });
    expect([outside.statusCode, outside.json().message]).toEqual([404, consoleMessages.learnerNotFound]);
    expect((await setExtra({}, other.id, { extraTimeMinutes: 5 })).statusCode).toBe(401);
    expect((await setExtra(editor.headers, other.id, { extraTimeMinutes: 5 })).statusCode).toBe(403);
    expect((await setExtra(mine.headers, other.id, { extraTimeMinutes: 5 })).statusCode).toBe(403);
    expect((await setExtra(admin.headers, editor.id, { extraTimeMinutes: 5 })).statusCode).toBe(404);
    expect((await setExtra(admin.headers, other.id, {})).statusCode).toBe(400);
    expect((await setExtra(admin.headers, other.id, { extraTimePercent: -5 })).statusCode).toBe(400);
    expect((await setExtra(admin.headers, other.id, { extraTimeMinutes: 1.5 })).statusCode).toBe(400);
    expect((await setExtra(admin.headers, 'nope', { extraTimeMinutes: 5 })).statusCode).toBe(400);
    expect(await audit()).toBe(before);
    expect((await own(other)).json().data).toEqual({ extraTimePercent: 0, extraTimeMinutes: 0 });
  });
});

describe('a disabled learner', () => {
  it('is refused at once on the signature-only learner routes, the save included', async () => {
    const admin = await createStaff(t.app, 'admin');
    const learner = await createLearner(t.app);
    const session = await startSession(t.app, learner, moduleTest(mock));
    const evaluationId = session.evaluation[0]!._id;
    expect((await save(t.app, learner, { evaluationId, markedForReview: true })).statusCode).toBe(200);

    const disabled = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/learners/${learner.id}/status`,
      headers: admin.headers,
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    const refused = await save(t.app, learner, { evaluationId, markedForReview: false });
    expect(refused.statusCode).toBe(401);
    expect((await own(learner)).statusCode).toBe(401);
    const records = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user-records',
      headers: learner.headers,
    });
    expect(records.statusCode).toBe(401);

    // re-enabled, a new sign-in's token (the raised generation) gets through
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/learners/${learner.id}/status`,
      headers: admin.headers,
      payload: { disabled: false },
    });
    const token = await t.app.accessTokens.sign({
      userId: learner.id,
      verified: true,
      inviteUsed: true,
      sessionGeneration: 1,
    });
    expect((await own({ ...learner, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  });

  it('is refused within a poll when another instance disabled them', async () => {
    const learner = await createLearner(t.app);
    expect((await own(learner)).statusCode).toBe(200);
    // what the console on another instance writes
    await t.app.db.execute(sql`
      UPDATE users SET disabled_at = now(), session_generation = session_generation + 1
      WHERE id = ${learner.id}::uuid`);
    await t.app.lockouts.refresh(t.app.db);
    expect((await own(learner)).statusCode).toBe(401);
  });
});
