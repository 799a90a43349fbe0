import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, questions } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, startSession, subjectQuiz } from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { createLearner } from './helpers/learner.js';

/** Bulk changes to the bank from the console: status and topic, all or nothing, audited. */
const t = useTestApp();

type Headers = Record<string, string>;
const bulk = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/questions/bulk', headers, payload });

async function bank() {
  return insertCatalogue(t.app.db, {
    subjects: [
      { name: 'Physics', topics: [{ name: 'Optics' }, { name: 'Waves' }], questions: 4 },
      { name: 'Chemistry', topics: [{ name: 'Moles' }], questions: 1 },
    ],
  });
}
const statuses = async (ids: string[]) =>
  Object.fromEntries(
    (
      await t.app.db
        .select({ id: questions.id, status: questions.status })
        .from(questions)
        .where(inArray(questions.id, ids))
    ).map((row) => [row.id, row.status]),
  );
const auditRows = (ids: string[]) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'question'), inArray(auditLog.objectId, ids)));

describe('POST /api/v1/admin/questions/bulk', () => {
  it('retires a selection: those questions are drawn no more, and each change is in the audit', async () => {
    const editor = await createStaff(t.app, 'editor');
    const catalogue = await bank();
    const physics = catalogue.subjects[0]!.questionIds;
    const retired = physics.slice(0, 2);

    const res = await bulk(editor.headers, {
      action: 'set-status',
      ids: [...retired, retired[0]],
      status: 'retired',
      reason: 'Old syllabus',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: '2 questions changed.', data: { changed: 2 } });
    expect(await statuses(physics)).toEqual({
      [physics[0]!]: 'retired',
      [physics[1]!]: 'retired',
      [physics[2]!]: 'approved',
      [physics[3]!]: 'approved',
    });
    const audit = await auditRows(retired);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      actorLabel: editor.email,
      action: 'question.status',
      before: { status: 'approved' },
      after: { status: 'retired' },
      reason: 'Old syllabus',
    });

    // a learner's quiz of the subject is drawn from the two still approved
    const learner = await createLearner(t.app);
    const session = await startSession(t.app, learner, subjectQuiz(catalogue, 0));
    const retiredTexts = (
      await t.app.db.select({ text: questions.text }).from(questions).where(inArray(questions.id, retired))
    ).map((row) => row.text);
    const given = session.evaluation.map((evaluation) => evaluation.baseQuestion.questionText);
    expect(given.length).toBeGreaterThan(0);
    expect(given.filter((text) => retiredTexts.includes(text))).toEqual([]);

    // asking again changes nothing and writes nothing
    expect(
      (await bulk(editor.headers, { action: 'set-status', ids: retired, status: 'retired' })).json().data,
    ).toEqual({ changed: 0 });
    expect(await auditRows(retired)).toHaveLength(2);
  });

  it('moves questions to a topic of their own subject, and refuses the whole selection otherwise', async () => {
    const editor = await createStaff(t.app, 'editor');
    const catalogue = await bank();
    const [physics, chemistry] = catalogue.subjects as [
      (typeof catalogue.subjects)[0],
      (typeof catalogue.subjects)[0],
    ];
    const waves = physics.topics[1]!;

    const mixed = await bulk(editor.headers, {
      action: 'move',
      ids: [physics.questionIds[0], chemistry.questionIds[0]],
      topicSlug: waves.slug,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({
      message: "A selected question is not in Physics, the topic's subject.",
      data: null,
    });
    const topicOf = async (id: string) =>
      (await t.app.db.select({ topicId: questions.topicId }).from(questions).where(eq(questions.id, id)))[0]!
        .topicId;
    expect(await topicOf(physics.questionIds[0]!)).toBeNull();

    const moved = await bulk(editor.headers, {
      action: 'move',
      ids: physics.questionIds.slice(0, 3),
      topicSlug: waves.slug,
    });
    expect(moved.json().data).toEqual({ changed: 3 });
    expect(await topicOf(physics.questionIds[2]!)).toBe(waves.id);
    expect((await auditRows(physics.questionIds.slice(0, 3))).map((row) => row.action)).toEqual([
      'question.move',
      'question.move',
      'question.move',
    ]);

    expect(
      (await bulk(editor.headers, { action: 'move', ids: physics.questionIds, topicSlug: 'no-such-topic' }))
        .statusCode,
    ).toBe(404);
  });

  it('changes nothing when a selected question does not exist, and checks its input and the caller', async () => {
    const editor = await createStaff(t.app, 'editor');
    const catalogue = await bank();
    const ids = catalogue.subjects[0]!.questionIds.slice(0, 2);
    const missing = await bulk(editor.headers, {
      action: 'set-status',
      ids: [...ids, randomUUID()],
      status: 'draft',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('A selected question no longer exists.');
    expect(Object.values(await statuses(ids))).toEqual(['approved', 'approved']);
    expect(await auditRows(ids)).toHaveLength(0);

    expect((await bulk(editor.headers, { action: 'set-status', ids, status: 'dropped' })).statusCode).toBe(
      400,
    );
    expect((await bulk(editor.headers, { action: 'set-status', ids: [], status: 'draft' })).statusCode).toBe(
      400,
    );
    expect((await bulk(editor.headers, { action: 'delete', ids })).statusCode).toBe(400);
    expect((await bulk({}, { action: 'set-status', ids, status: 'draft' })).statusCode).toBe(401);
    const teacher = await createStaff(t.app, 'teacher');
    expect((await bulk(teacher.headers, { action: 'set-status', ids, status: 'draft' })).statusCode).toBe(
      403,
    );
    expect(Object.values(await statuses(ids))).toEqual(['approved', 'approved']);
  });
});
