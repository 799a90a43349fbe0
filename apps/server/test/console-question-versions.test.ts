import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, questionVersions } from '../src/db/schema.js';
import { sessionsJson } from '../src/services/my-data/export-sessions.js';
import { useTestApp } from './helpers/app.js';
import {
  fetchResult,
  save,
  startSession,
  subjectQuiz,
  submit,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { editForm, getAs, oneQuestion as oneQuestionIn, putEdit } from './helpers/question-edit.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

/**
 * Editing a question in the console (docs/question-bank.md#editing): a new version that only new
 * sessions are given (docs/decisions/0028-question-versions.md), checked by the importer's rules.
 */
const t = useTestApp();

type Headers = Record<string, string>;
const get = (headers: Headers, url: string) => getAs(t.app, headers, url);
const put = (headers: Headers, id: string, payload: object) => putEdit(t.app, headers, id, payload);
const form = (headers: Headers, id: string, change: object = {}) => editForm(t.app, headers, id, change);
const oneQuestion = () => oneQuestionIn(t.app);

async function startAndAnswer(learner: TestLearner, c: TestCatalogue, answer: string) {
  const s = await startSession(t.app, learner, subjectQuiz(c));
  await save(t.app, learner, { evaluationId: s.evaluation[0]!._id, userAnswer: answer });
  return s;
}

describe('editing a question', () => {
  it('writes a new version: a session keeps the version it was given, a new session gets the new one', async () => {
    const editor = await createStaff(t.app, 'editor');
    const learner = await createLearner(t.app);
    const { c, id } = await oneQuestion();
    const running = await startAndAnswer(learner, c, 'convex');

    const res = await put(
      editor.headers,
      id,
      await form(editor.headers, id, {
        text: 'Which lens brings parallel rays to a focus, $f > 0$?',
        options: ['convex lens', 'concave lens', 'plane glass'],
        key: { type: 'single', answer: 'convex lens' },
        explanation: 'Its focal length is positive.',
        reason: 'clearer wording',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Saved as version 2.', data: { newVersion: true } });

    // The session started before the edit shows, and is scored on, what its learner was given.
    expect((await submit(t.app, learner, running.assessment.slug)).statusCode).toBe(200);
    const before = await fetchResult(t.app, learner, running.assessment.slug);
    expect(before.evaluations[0]).toMatchObject({
      baseQuestion: { questionText: 'Which lens converges light?' },
      userAnswer: 'convex',
      baseAnswer: 'convex',
      explanation: 'A convex lens brings rays together.',
      outcome: 'Correct',
    });
    expect([...before.evaluations[0]!.baseQuestion.options].sort()).toEqual(['concave', 'convex', 'plane']);

    const fresh = await startAndAnswer(learner, c, 'convex lens');
    await submit(t.app, learner, fresh.assessment.slug);
    const after = await fetchResult(t.app, learner, fresh.assessment.slug);
    expect(after.evaluations[0]).toMatchObject({
      baseQuestion: { questionText: expect.stringContaining('parallel rays') },
      outcome: 'Correct',
    });

    // The learner's own data export says what each session showed, too.
    const exported = [];
    for await (const json of sessionsJson(t.app.db, learner.id)) exported.push(JSON.parse(json));
    expect(exported.map((e) => e.questions[0].text)).toEqual([
      'Which lens converges light?',
      'Which lens brings parallel rays to a focus, $f > 0$?',
    ]);

    // History: who and when; the diff names what changed.
    const history = (await get(editor.headers, `/api/v1/admin/questions/${id}/versions`)).json().data;
    expect(
      history.versions.map((v: { version: number; editor: string | null; current: boolean }) => [
        v.version,
        v.editor,
        v.current,
      ]),
    ).toEqual([
      [2, 'Test Operator', true],
      [1, null, false],
    ]);
    const diff = (await get(editor.headers, `/api/v1/admin/questions/${id}/versions/diff?from=1&to=2`)).json()
      .data;
    expect(diff.changed).toEqual(['text', 'options', 'key', 'explanation']);
    expect(diff.from).toMatchObject({ version: 1, key: 'convex', text: 'Which lens converges light?' });
    expect(diff.to).toMatchObject({ version: 2, key: 'convex lens' });

    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.action, 'question.edit')));
    expect(audit).toMatchObject([
      { actorId: editor.id, before: { version: 1 }, after: { version: 2 }, reason: 'clearer wording' },
    ]);
  });

  it("a practice session's check answers with the version it was given; a key correction still reaches it", async () => {
    const editor = await createStaff(t.app, 'editor', 'admin');
    const learner = await createLearner(t.app);
    const { c, id } = await oneQuestion();
    // A timed session given version 1, answered with what the corrected key will be.
    const early = await startAndAnswer(learner, c, 'concave');
    await submit(t.app, learner, early.assessment.slug);
    const s = await startSession(t.app, learner, { ...subjectQuiz(c), type: 'practice' });
    const edited = await put(
      editor.headers,
      id,
      await form(editor.headers, id, {
        options: ['convex lens', 'concave lens', 'plane glass'],
        key: { type: 'single', answer: 'convex lens' },
        explanation: 'Rewritten.',
      }),
    );
    expect(edited.statusCode).toBe(200);
    const checked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/evaluations/${s.evaluation[0]!._id}/check`,
      headers: learner.headers,
      payload: { userAnswer: 'convex', confidence: 'sure' },
    });
    expect(checked.json().data).toMatchObject({
      correct: true,
      key: { baseAnswer: 'convex' },
      explanation: 'A convex lens brings rays together.',
    });

    // Then a key correction: deliberate re-scoring reaches the sessions of both versions, each in
    // the words its learner saw.
    const timed = await startAndAnswer(learner, c, 'concave lens');
    expect(timed.evaluation[0]!.baseQuestion.options).toContain('concave lens');
    await submit(t.app, learner, timed.assessment.slug);
    expect(
      (await fetchResult(t.app, learner, timed.assessment.slug)).evaluations[0]!.score,
    ).toBeLessThanOrEqual(0);
    const corrected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/questions/${id}/key-corrections`,
      headers: editor.headers,
      payload: { answer: 'concave lens', reason: 'the key was wrong' },
    });
    expect(corrected.statusCode).toBe(200);
    const rescored = await fetchResult(t.app, learner, timed.assessment.slug);
    expect(rescored.evaluations[0]).toMatchObject({ baseAnswer: 'concave lens', outcome: 'Correct' });
    const versions = await t.app.db
      .select()
      .from(questionVersions)
      .where(eq(questionVersions.questionId, id));
    expect(versions.map((v) => [v.version, v.answer]).sort()).toEqual([
      [1, 'concave'],
      [2, 'concave lens'],
    ]);
    const first = await fetchResult(t.app, learner, early.assessment.slug);
    expect(first.evaluations[0]).toMatchObject({ baseAnswer: 'concave', outcome: 'Correct' });
    expect(first.corrections).toHaveLength(1);
  });

  it('a status or topic change alone writes no version, and is audited', async () => {
    const editor = await createStaff(t.app, 'editor');
    const { c, id } = await oneQuestion();
    const topic = c.subjects[0]!.topics[0]!.slug;
    const res = await put(
      editor.headers,
      id,
      await form(editor.headers, id, { status: 'review', topicSlug: topic }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { newVersion: false, question: { version: 1, status: 'review', topicSlug: topic } },
    });
    const actions = (await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, id))).map(
      (r) => r.action,
    );
    expect(actions.sort()).toEqual(['question.move', 'question.status']);
  });
});
