import type { ItemAnalysisData, MistakesData } from '@ai-tutor/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  insertCatalogue,
  optionQuestions,
  save,
  startSession,
  subjectQuiz,
  submit,
} from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { closeTest, scheduleOpenTest, takeLive } from './helpers/live-tests.js';
import { editForm, putEdit } from './helpers/question-edit.js';

/**
 * A session reads what its learner saw (docs/decisions/0031-sessions-read-what-was-given.md): after an
 * edit of the text and the key, the notebook shows the text and key of the version the learner was
 * given, and a live test's item analysis uses its takers' version. The bank reads the current one.
 */
const t = useTestApp();

type Headers = Record<string, string>;
const getData = async <T>(headers: Headers, url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
};

async function editTextAndKey(editor: TestLearner, id: string, text: string, answer: string) {
  const res = await putEdit(
    t.app,
    editor.headers,
    id,
    await editForm(t.app, editor.headers, id, { text, key: { type: 'single', answer } }),
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.newVersion).toBe(true);
}

describe('a session reads the version it was given', () => {
  it("the notebook shows the text and key the learner saw, after the question's text and key changed", async () => {
    const editor = await createStaff(t.app, 'editor');
    const learner = await createLearner(t.app);
    const c = await insertCatalogue(t.app.db, {
      subjects: [{ name: 'Optics', questionCount: 1, questions: optionQuestions('Opt', 1) }],
    });
    const id = c.subjects[0]!.questionIds[0]!;
    const s = await startSession(t.app, learner, subjectQuiz(c));
    await save(t.app, learner, { evaluationId: s.evaluation[0]!._id, userAnswer: 'Opt 1 wrong a' });
    expect((await submit(t.app, learner, s.assessment.slug)).statusCode).toBe(200);

    await editTextAndKey(editor, id, 'Opt question 1, reworded', 'Opt 1 wrong b');

    const notebook = await getData<MistakesData>(learner.headers, '/api/v1/mistakes');
    expect(notebook.total).toBe(1);
    expect(notebook.mistakes[0]).toMatchObject({
      questionId: id,
      questionText: 'Opt question 1',
      yourAnswer: 'Opt 1 wrong a',
      keyText: 'Opt 1 right',
      correctOptions: ['Opt 1 right'],
      explanation: 'Because Opt 1.',
    });

    // The bank is the question as it is now.
    const bank = await getData<{ rows: { id: string; text: string }[] }>(
      editor.headers,
      '/api/v1/admin/questions?search=reworded',
    );
    expect(bank.rows.map((r) => [r.id, r.text])).toEqual([[id, 'Opt question 1, reworded']]);
  });

  it("a live test's item analysis uses the key and text its takers were given", async () => {
    const editor = await createStaff(t.app, 'editor');
    const c = await insertCatalogue(t.app.db, {
      module: { questionCount: 3, durationMinutes: 30 },
      subjects: [{ name: 'Waves', questionCount: 3, questions: optionQuestions('Wav', 3) }],
    });
    const testId = await scheduleOpenTest(t.app.db, c);
    const takers = [await createLearner(t.app), await createLearner(t.app), await createLearner(t.app)];
    for (const learner of takers) {
      const session = await takeLive(t.app, learner, c, testId, 3);
      expect((await submit(t.app, learner, session.assessment.slug)).statusCode).toBe(200);
    }
    const id = c.subjects[0]!.questionIds[0]!;
    await editTextAndKey(editor, id, 'Wav question 1, reworded', 'Wav 1 wrong a');

    const url = `/api/v1/admin/scheduled-tests/${testId}/item-analysis`;
    const item = (data: ItemAnalysisData) => data.items.find((i) => i.questionId === id)!;
    // Computed while the test is open, and stored by the ranking job after its close: both the given version.
    for (const when of ['open', 'ranked']) {
      if (when === 'ranked') {
        await closeTest(t.app.db, testId);
        await t.app.liveTests.rankDue();
      }
      const analysed = item(await getData<ItemAnalysisData>(editor.headers, url));
      expect(analysed, when).toMatchObject({ text: 'Wav question 1', key: 'Wav 1 right' });
      // Every taker chose the key they were given: no "check the key" flag.
      expect(
        analysed.flags.map((f) => f.code),
        when,
      ).not.toContain('check-key');
      expect(analysed.options.find((o) => o.key)?.option, when).toBe('Wav 1 right');
    }
  });
});
