import type { Confidence, Outcome } from '@ai-tutor/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createEmptyCard, fsrs, Rating, type Grade } from 'ts-fsrs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adaptiveQuestionIds } from '../src/services/review/adaptive.js';
import { estimateMastery, itemPCorrect, topicMasteries } from '../src/services/review/mastery.js';
import { recordAnswers, type AnswerEntry } from '../src/services/review/record-answers.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, optionQuestions, type TestCatalogue } from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

// The tutor loop's history written directly (as completion and the practice check write it), with the
// clock in the test's hands: FSRS schedules, what enters the queue, item difficulty, mastery and the
// adaptive draw.
let c: TestCatalogue;
const f = fsrs({ enable_fuzz: false });
const DAY = 86_400_000;
const T0 = new Date('2026-01-05T08:00:00.000Z');

const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    subjects: [
      {
        name: 'Maths',
        topics: [{ name: 'Algebra' }, { name: 'Geometry' }, { name: 'Calculus' }],
        questions: [
          ...optionQuestions('Algebra', 8, 0),
          ...optionQuestions('Geometry', 8, 1),
          ...optionQuestions('Calculus', 8, 2),
        ],
      },
    ],
  });
});

const maths = () => c.subjects[0]!;
const topicOfIndex = (i: number) => maths().topics[Math.floor(i / 8)]!.id;

function entry(
  who: TestLearner,
  question: number,
  outcome: Outcome,
  at: Date,
  confidence: Confidence | null = null,
): AnswerEntry {
  return {
    userId: who.id,
    questionId: maths().questionIds[question]!,
    assessmentId: randomUUID(),
    position: 0,
    examId: c.exam.id,
    subjectId: maths().id,
    topicId: topicOfIndex(question),
    sessionKind: 'practice',
    outcome,
    score: outcome === 'correct' ? 4 : outcome === 'unattempted' ? null : -1,
    maxScore: 4,
    confidence,
    timeSpent: 30,
    answer: outcome === 'unattempted' ? null : 'x',
    answeredAt: at,
  };
}
const record = (...entries: AnswerEntry[]) => t.app.db.transaction((tx) => recordAnswers(tx, entries));

async function card(who: TestLearner, question: number) {
  const r = await t.app.db.execute(sql`
    SELECT due, reps, lapses, state FROM review_cards
    WHERE user_id = ${who.id} AND question_id = ${maths().questionIds[question]!}`);
  return r.rows[0] as { due: Date | string; reps: number; lapses: number; state: number } | undefined;
}

describe('FSRS scheduling', () => {
  it('follows ts-fsrs answer by answer: wrong → Again, guessed right → Hard, unsure → Good, sure → Easy', async () => {
    const who = await createLearner(t.app);
    const answers: [Outcome, Confidence | null, number, Grade][] = [
      ['incorrect', null, 0, Rating.Again],
      ['correct', 'guess', 1, Rating.Hard],
      ['correct', 'unsure', 3, Rating.Good],
      ['correct', 'sure', 10, Rating.Easy],
      ['unattempted', null, 40, Rating.Again],
    ];
    let expected = createEmptyCard(T0);
    for (const [outcome, confidence, days, rating] of answers) {
      const at = new Date(T0.getTime() + days * DAY);
      await record(entry(who, 0, outcome, at, confidence));
      expected = f.next(expected, at, rating).card;
      const stored = await card(who, 0);
      expect(new Date(stored!.due).toISOString(), `${outcome} ${confidence} on day ${days}`).toBe(
        expected.due.toISOString(),
      );
      expect(Number(stored!.reps)).toBe(expected.reps);
    }
    expect(Number((await card(who, 0))!.lapses)).toBe(expected.lapses);
  });

  it('a right answer without a card queues nothing unless it was a guess; a partial one is queued', async () => {
    const who = await createLearner(t.app);
    await record(
      entry(who, 1, 'correct', T0, 'sure'),
      entry(who, 2, 'correct', T0, 'unsure'),
      entry(who, 3, 'correct', T0, null),
      entry(who, 4, 'correct', T0, 'guess'),
      entry(who, 5, 'partial', T0, null),
    );
    expect(await card(who, 1)).toBeUndefined();
    expect(await card(who, 2)).toBeUndefined();
    expect(await card(who, 3)).toBeUndefined();
    const guessed = f.next(createEmptyCard(T0), T0, Rating.Hard).card;
    expect(new Date((await card(who, 4))!.due).toISOString()).toBe(guessed.due.toISOString());
    expect(await card(who, 5)).toBeDefined();
  });

  it('two answers to one question in one batch are applied in time order', async () => {
    const who = await createLearner(t.app);
    const later = new Date(T0.getTime() + 2 * DAY);
    await record(entry(who, 6, 'correct', later, 'sure'), entry(who, 6, 'incorrect', T0));
    const first = f.next(createEmptyCard(T0), T0, Rating.Again).card;
    const second = f.next(first, later, Rating.Easy).card;
    expect(new Date((await card(who, 6))!.due).toISOString()).toBe(second.due.toISOString());
  });
});

describe('item difficulty and mastery', () => {
  it('counts every learner’s answers per question, blanks aside', async () => {
    const q = maths().questionIds[7]!;
    const before = await t.app.db.execute(
      sql`SELECT sum(answers)::int AS answers, sum(correct)::int AS correct FROM question_stats WHERE question_id = ${q} HAVING count(*) > 0`,
    );
    expect(before.rows).toEqual([]);
    const x = await createLearner(t.app);
    const y = await createLearner(t.app);
    await record(entry(x, 7, 'correct', T0), entry(y, 7, 'incorrect', T0));
    await record(entry(x, 7, 'unattempted', T0), entry(y, 7, 'correct', T0));
    const after = await t.app.db.execute(
      sql`SELECT sum(answers)::int AS answers, sum(correct)::int AS correct FROM question_stats WHERE question_id = ${q} HAVING count(*) > 0`,
    );
    expect(after.rows).toEqual([{ answers: 3, correct: 2 }]);
    expect(itemPCorrect(3, 2)).toBeCloseTo(3 / 5);
  });

  it('mastery rises with right answers and falls with wrong ones, recent ones weighing more', () => {
    const right = { result: 1, difficulty: 0 };
    const wrong = { result: 0, difficulty: 0 };
    expect(estimateMastery([]).mastery).toBe(50);
    const good = estimateMastery(Array(10).fill(right));
    const bad = estimateMastery(Array(10).fill(wrong));
    expect(good.mastery).toBeGreaterThan(85);
    expect(bad.mastery).toBeLessThan(15);
    const recovering = estimateMastery([...Array(10).fill(wrong), ...Array(10).fill(right)]);
    const slipping = estimateMastery([...Array(10).fill(right), ...Array(10).fill(wrong)]);
    expect(recovering.mastery).toBeGreaterThan(slipping.mastery);
    // A right answer to a hard question says more than one to an easy question.
    const hard = estimateMastery([{ result: 1, difficulty: 2 }]);
    const easy = estimateMastery([{ result: 1, difficulty: -2 }]);
    expect(hard.theta).toBeGreaterThan(easy.theta);
  });

  it('per topic for the learner, with the number of answers it rests on', async () => {
    const who = await createLearner(t.app);
    const strong = Array.from({ length: 8 }, (_, i) => entry(who, i, 'correct', new Date(T0.getTime() + i)));
    const weak = Array.from({ length: 6 }, (_, i) =>
      entry(who, 8 + i, 'incorrect', new Date(T0.getTime() + i)),
    );
    await record(...strong, ...weak, entry(who, 16, 'unattempted', T0));
    const m = await topicMasteries(t.app.db, who.id);
    expect(m.map((x) => [x.topic.name, x.answers])).toEqual([
      ['Algebra', 8],
      ['Geometry', 6],
    ]);
    expect(m[0]!.mastery).toBeGreaterThan(70);
    expect(m[1]!.mastery).toBeLessThan(30);

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user-records', headers: who.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        mastery: [
          { topic: { name: 'Algebra' }, subject: { name: 'Maths' }, answers: 8, mastery: m[0]!.mastery },
          { topic: { name: 'Geometry' }, answers: 6, mastery: m[1]!.mastery },
        ],
      },
    });
  });
});

describe('the adaptive draw', () => {
  it('draws from the weakest topics first, skipping questions in a running session', async () => {
    const who = await createLearner(t.app);
    // Algebra strong (many right answers), Geometry weak (many wrong), Calculus never seen.
    const history: AnswerEntry[] = [];
    for (let i = 0; i < 8; i++) {
      history.push(entry(who, i, 'correct', new Date(T0.getTime() + i)));
      history.push(entry(who, 8 + i, 'incorrect', new Date(T0.getTime() + i)));
    }
    await record(...history);
    const ids = await adaptiveQuestionIds(t.app.db, who.id, { examId: c.exam.id, subjectId: maths().id }, 6);
    const topicOf = (id: string) => topicOfIndex(maths().questionIds.indexOf(id));
    const [algebra, geometry, calculus] = maths().topics.map((x) => x.id);
    expect(ids).toHaveLength(6);
    // The weakest first, the unseen (weak-ish) next, then taking turns.
    expect(ids.slice(0, 2).map(topicOf)).toEqual([geometry, calculus]);
    expect(ids.filter((id) => topicOf(id) === geometry)).toHaveLength(2);
    expect(ids.filter((id) => topicOf(id) === algebra)).toHaveLength(2);

    // With 20 asked of 24, the rest fill in; questions of a running session are never drawn.
    const running = maths().questionIds.slice(16, 20);
    await t.app.db.execute(sql`
      INSERT INTO assessments (slug, user_id, quiz_type, exam_id, module_id, subject_id, session_name,
        total_questions, total_marks, total_time, start_time, deadline, scope_key, question_ids)
      VALUES (${`running-${randomUUID()}`}, ${who.id}, 'subject', ${c.exam.id}, ${c.module.id}, ${maths().id},
        'Maths', 4, 16, 10, now(), now() + interval '10 minutes', 'test-scope',
        ${`{${running.join(',')}}`}::uuid[])`);
    const all = await adaptiveQuestionIds(t.app.db, who.id, { examId: c.exam.id, moduleId: c.module.id }, 24);
    expect(all).toHaveLength(20);
    expect(all.filter((id) => running.includes(id))).toEqual([]);
    expect(new Set(all).size).toBe(20);
  });
});
