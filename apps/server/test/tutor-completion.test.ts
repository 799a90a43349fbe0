import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  expire,
  insertCatalogue,
  save,
  startSession,
  submit,
  subjectQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner } from './helpers/learner.js';

// Completion records the tutor loop's history for every session it completes: submits racing on one
// paper (the shared question counts must neither deadlock nor lose a count) and the sweep's batches.
let c: TestCatalogue;

const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, { subjects: [{ name: 'Biology', questionCount: 5, questions: 5 }] });
});

async function answerFirstTwo(who: Awaited<ReturnType<typeof createLearner>>) {
  const s = await startSession(t.app, who, subjectQuiz(c));
  // The first question right, the second wrong, the rest blank.
  const [first, second] = s.evaluation;
  const right = (e: typeof first) => e!.baseQuestion.options.find((o) => o.endsWith('right'))!;
  const wrong = (e: typeof first) => e!.baseQuestion.options.find((o) => !o.endsWith('right'))!;
  await save(t.app, who, { evaluationId: first!._id, userAnswer: right(first) });
  await save(t.app, who, { evaluationId: second!._id, userAnswer: wrong(second) });
  return s;
}

async function totals() {
  const r = await t.app.db.execute(sql`
    SELECT (SELECT count(*)::int FROM question_attempts) AS attempts,
      (SELECT count(*)::int FROM review_cards) AS cards,
      (SELECT coalesce(sum(answers), 0)::int FROM question_stats) AS answered,
      (SELECT coalesce(sum(correct), 0)::int FROM question_stats) AS correct`);
  return r.rows[0] as { attempts: number; cards: number; answered: number; correct: number };
}

describe('completion and the tutor loop', () => {
  it('submits racing on one paper each record their answers once', async () => {
    const learners = await Promise.all(Array.from({ length: 8 }, () => createLearner(t.app)));
    const sessions = await Promise.all(learners.map((who) => answerFirstTwo(who)));
    const results = await Promise.all(sessions.map((s, i) => submit(t.app, learners[i]!, s.assessment.slug)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    // Submitting again completes nothing new.
    await Promise.all(sessions.map((s, i) => submit(t.app, learners[i]!, s.assessment.slug)));
    // 8 sessions × 5 questions; a card for the wrong one (the three blanks were never opened: no card);
    // 2 answered, 1 right each.
    expect(await totals()).toEqual({ attempts: 40, cards: 8, answered: 16, correct: 8 });
  });

  it('the sweep queues the answers of the sessions it completes, recorded once when the queue drains', async () => {
    const learners = await Promise.all(Array.from({ length: 3 }, () => createLearner(t.app)));
    const sessions = [];
    for (const who of learners) sessions.push(await answerFirstTwo(who));
    for (const s of sessions) await expire(t.app.db, s.assessment._id);
    const before = await totals();
    expect(await t.app.quiz.sweepExpired()).toBe(3);
    // Completion did not wait for 3 × 5 history rows (an exam day's sweep completes thousands a minute).
    await t.app.review.drainHistory();
    expect(await totals()).toEqual({ attempts: 55, cards: 11, answered: 22, correct: 11 });
    expect(before).not.toEqual(await totals());
    await t.app.review.drainHistory();
    expect(await totals()).toEqual({ attempts: 55, cards: 11, answered: 22, correct: 11 });
    const kinds = await t.app.db.execute(sql`
      SELECT DISTINCT session_kind, answered_at <= now() AS past FROM question_attempts`);
    expect(kinds.rows).toEqual([{ session_kind: 'timed', past: true }]);
  });
});
