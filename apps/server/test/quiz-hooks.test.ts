import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliQuizHooks } from '../src/cli/quiz-hooks.js';
import type { QuizHooks } from '../src/services/quiz/hooks.js';
import { useTestApp } from './helpers/app.js';
import {
  insertCatalogue,
  save,
  startSession,
  submit,
  subjectQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner } from './helpers/learner.js';

// The quiz core's hooks (services/quiz/hooks.ts, decision 0030): what the areas register runs in the
// transaction that publishes it, and the command line plugs in what the app's plugins do.
let c: TestCatalogue;
/** A session whose completion a test handler refuses, as a failing area's would. */
let refuse: string | null = null;

const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, { subjects: [{ name: 'Botany', questionCount: 3, questions: 3 }] });
  t.app.quizHooks.sessionsCompleted.on(async (_tx, completed) => {
    if (completed.sessions.some((s) => s.id === refuse)) throw new Error('an area failed');
  });
});

const sizes = (hooks: QuizHooks) => ({
  sessionsCompleted: hooks.sessionsCompleted.size,
  keyCorrected: hooks.keyCorrected.size,
  resultGate: hooks.resultGate.size,
  resultSections: hooks.resultSections.size,
});

describe('the quiz core and its plug-ins', () => {
  it('the command line registers what the app does (the test handler aside)', () => {
    const app = sizes(t.app.quizHooks);
    expect(sizes(cliQuizHooks(t.app.config))).toEqual({
      ...app,
      sessionsCompleted: app.sessionsCompleted - 1,
    });
    // Live tests and the review queue on completion, reports and live tests on a key correction.
    expect(sizes(cliQuizHooks(t.app.config))).toEqual({
      sessionsCompleted: 2,
      keyCorrected: 2,
      resultGate: 1,
      resultSections: 2,
    });
  });

  it('a handler that fails rolls the completion back with it: no score, no history, nothing half-done', async () => {
    const learner = await createLearner(t.app);
    const s = await startSession(t.app, learner, subjectQuiz(c));
    const first = s.evaluation[0]!;
    await save(t.app, learner, { evaluationId: first._id, userAnswer: first.baseQuestion.options[0]! });
    refuse = s.assessment._id;
    expect((await submit(t.app, learner, s.assessment.slug)).statusCode).toBe(500);
    const state = async () =>
      (
        await t.app.db.execute(sql`
          SELECT a.session_completed AS completed, sh.completed AS closed,
            (SELECT count(*)::int FROM question_attempts q WHERE q.assessment_id = a.id) AS history
          FROM assessments a JOIN answer_sheets sh ON sh.assessment_id = a.id WHERE a.id = ${s.assessment._id}`)
      ).rows[0];
    expect(await state()).toEqual({ completed: false, closed: false, history: 0 });

    refuse = null;
    expect((await submit(t.app, learner, s.assessment.slug)).statusCode).toBe(200);
    expect(await state()).toEqual({ completed: true, closed: true, history: 3 });
  });
});
