import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, questions, questionVersions } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, startSession, subjectQuiz } from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { createLearner } from './helpers/learner.js';
import { editForm, editUrl, getAs, oneQuestion as oneQuestionIn, putEdit } from './helpers/question-edit.js';

/**
 * The console's question editor refuses what the importer refuses, naming the field, and writes
 * nothing; it is for editors (docs/question-bank.md#editing). Only approved questions are drawn
 * (docs/question-bank.md#workflow).
 */
const t = useTestApp();

type Headers = Record<string, string>;
const edit = editUrl;
const get = (headers: Headers, url: string) => getAs(t.app, headers, url);
const put = (headers: Headers, id: string, payload: object) => putEdit(t.app, headers, id, payload);
const form = (headers: Headers, id: string, change: object = {}) => editForm(t.app, headers, id, change);
const oneQuestion = () => oneQuestionIn(t.app);

describe('saving an edited question', () => {
  it('refuses a question with problems, naming each field, and writes nothing', async () => {
    const editor = await createStaff(t.app, 'editor');
    const { id } = await oneQuestion();
    const res = await put(
      editor.headers,
      id,
      await form(editor.headers, id, {
        text: 'Focal length $\\frac{1}{f$ of a lens',
        options: ['convex', 'convex', 'plane'],
        key: { type: 'single', answer: 'mirror' },
        hints: ['Think of $\\sqrt{}}$'],
      }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.data).toBeNull();
    const paths = body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['options', 'key', 'text', 'hints.0']));
    expect(body.errors.find((e: { path: string }) => e.path === 'key').message).toMatch(
      /"mirror" is not among the options/,
    );
    expect(body.errors.find((e: { path: string }) => e.path === 'text').message).toMatch(/cannot be read/);

    const [row] = await t.app.db.select().from(questions).where(eq(questions.id, id));
    expect(row).toMatchObject({ version: 1, text: 'Which lens converges light?' });
    expect(
      await t.app.db.select().from(questionVersions).where(eq(questionVersions.questionId, id)),
    ).toHaveLength(0);
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, id))).toHaveLength(0);
  });

  it("gives the importer's warnings, saves every type, and refuses a save over a newer version", async () => {
    const editor = await createStaff(t.app, 'editor');
    const { id } = await oneQuestion();
    const numerical = await put(
      editor.headers,
      id,
      await form(editor.headers, id, {
        type: 'numerical',
        text: 'A lens of power 2 D costs $5: its focal length in m?',
        options: [],
        key: { type: 'numerical', min: 0.49, max: 0.51, value: 0.5 },
        hints: ['Power is $1/f$.'],
        passage: 'A shop sells lenses.',
      }),
    );
    expect(numerical.statusCode).toBe(200);
    expect(numerical.json().data.question).toMatchObject({
      type: 'numerical',
      version: 2,
      passage: 'A shop sells lenses.',
      hints: ['Power is $1/f$.'],
      warnings: [{ path: 'text', message: expect.stringContaining('unbalanced $') }],
    });
    // Opened at version 1, saved after version 2: refused, nothing lost.
    const stale = await put(editor.headers, id, { ...(await form(editor.headers, id)), baseVersion: 1 });
    expect(stale.statusCode).toBe(409);

    const multiple = await put(
      editor.headers,
      id,
      await form(editor.headers, id, {
        type: 'multiple',
        options: ['convex', 'concave', 'biconvex'],
        key: { type: 'multiple', answers: ['convex', 'biconvex'] },
        passage: null,
      }),
    );
    expect(multiple.json().data.question).toMatchObject({ type: 'multiple', version: 3, passage: null });
  });

  it('is for editors: 403 to a learner, 404 for no such question or version', async () => {
    const editor = await createStaff(t.app, 'editor');
    const learner = await createLearner(t.app);
    const { id } = await oneQuestion();
    expect((await get(learner.headers, edit(id))).statusCode).toBe(403);
    expect(
      (await put(learner.headers, id, await form(editor.headers, id, { text: 'Changed?' }))).statusCode,
    ).toBe(403);
    expect((await get(learner.headers, `/api/v1/admin/questions/${id}/versions`)).statusCode).toBe(403);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await get(editor.headers, edit(missing))).statusCode).toBe(404);
    expect((await put(editor.headers, missing, await form(editor.headers, id))).statusCode).toBe(404);
    expect(
      (await get(editor.headers, `/api/v1/admin/questions/${id}/versions/diff?from=1&to=9`)).statusCode,
    ).toBe(404);
    const [row] = await t.app.db.select().from(questions).where(eq(questions.id, id));
    expect(row!.text).toBe('Which lens converges light?');
  });
});

describe('the workflow', () => {
  it('draws approved questions only', async () => {
    const learner = await createLearner(t.app);
    const statuses = ['draft', 'review', 'approved', 'retired'] as const;
    const c = await insertCatalogue(t.app.db, {
      subjects: [
        {
          name: 'Waves',
          questionCount: 4,
          questions: statuses.map((status) => ({
            text: `A ${status} question`,
            options: ['yes', 'no'],
            answer: 'yes',
            status,
          })),
        },
      ],
    });
    const s = await startSession(t.app, learner, subjectQuiz(c));
    expect(s.evaluation.map((e) => e.baseQuestion.questionText)).toEqual(['A approved question']);
  });
});
