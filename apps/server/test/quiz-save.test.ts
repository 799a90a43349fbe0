import { quizMessages, saveEvaluationData, scoreAnswer, type SessionData } from '@ai-tutor/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerSheets, assessments } from '../src/db/schema.js';
import { storedEvaluation } from './helpers/stored-evaluation.js';
import { useTestApp } from './helpers/app.js';
import {
  expire,
  insertCatalogue,
  optionQuestions,
  save,
  startSession,
  submit,
  subjectQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
let learner: TestLearner;
let c: TestCatalogue;
const t = useTestApp();
beforeAll(async () => {
  learner = await createLearner(t.app);
  c = await insertCatalogue(t.app.db, {
    subjects: [
      {
        name: 'Physics',
        questionCount: 3,
        durationMinutes: 10,
        questions: [...optionQuestions('Physics', 1), { text: 'g in m/s² to one decimal?', answer: '9.8' }],
      },
    ],
  });
});

let session: SessionData;
/** The option question and the free-text question of the current session. */
const optionEval = () => session.evaluation.find((e) => e.baseQuestion.options.length > 0)!;
const freeEval = () => session.evaluation.find((e) => e.baseQuestion.options.length === 0)!;
const stored = async (id: string) => (await storedEvaluation(t.app.db, id))!;

beforeEach(async () => {
  session = await startSession(t.app, learner, subjectQuiz(c));
});

describe('POST /api/v1/evaluations', () => {
  it('saves an answer, marks it answered and returns what changed with the server time', async () => {
    const e = optionEval();
    const answer = e.baseQuestion.options[1]!;
    const res = await save(t.app, learner, { evaluationId: e._id, userAnswer: answer, timeSpentSeconds: 12 });
    expect(res.statusCode).toBe(200);
    const data = saveEvaluationData.parse(res.json().data);
    // The question itself (text, options, subject) is the session's: a save does not send it again.
    expect(res.json().data.evaluation).toEqual({
      _id: e._id,
      userAnswer: answer,
      status: 'answered',
      markedForReview: false,
    });
    expect(Math.abs(Date.parse(data.serverTime) - Date.now())).toBeLessThan(5000);
    expect(await stored(e._id)).toMatchObject({
      userAnswer: answer,
      status: 'answered',
      timeSpentSeconds: 12,
    });
  });

  it('toggles the review mark without touching the answer, and clears an answer with an empty one', async () => {
    const e = freeEval();
    await save(t.app, learner, { evaluationId: e._id, userAnswer: '9.80' });
    const marked = await save(t.app, learner, { evaluationId: e._id, markedForReview: true });
    expect(marked.json().data.evaluation).toMatchObject({
      userAnswer: '9.80',
      status: 'answered',
      markedForReview: true,
    });
    const cleared = await save(t.app, learner, { evaluationId: e._id, userAnswer: '' });
    expect(cleared.json().data.evaluation).toMatchObject({
      userAnswer: null,
      status: 'not_answered',
      markedForReview: true,
    });
    const blank = await save(t.app, learner, { evaluationId: e._id, userAnswer: 'x' });
    expect(blank.json().data.evaluation.status).toBe('answered');
    await save(t.app, learner, { evaluationId: e._id, userAnswer: '   ' });
    expect(await stored(e._id)).toMatchObject({ userAnswer: null, status: 'not_answered' });
  });

  it('is idempotent: the same save twice is one answer', async () => {
    const e = optionEval();
    const body = { evaluationId: e._id, userAnswer: e.baseQuestion.options[0]! };
    const first = await save(t.app, learner, body);
    const second = await save(t.app, learner, body);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.evaluation).toEqual(first.json().data.evaluation);
    const [row] = await t.app.db
      .select()
      .from(answerSheets)
      .where(eq(answerSheets.assessmentId, session.assessment._id));
    expect(row!.answers).toHaveLength(session.evaluation.length);
  });

  it('concurrent saves to one question leave exactly one of the answers', async () => {
    const e = optionEval();
    const answers = e.baseQuestion.options;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        save(t.app, learner, { evaluationId: e._id, userAnswer: answers[i % answers.length]! }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const row = await stored(e._id);
    expect(answers).toContain(row.userAnswer);
    expect(row.status).toBe('answered');
    const done = await submit(t.app, learner, session.assessment.slug);
    expect(done.json().data.assessment.answeredQuestion).toBe(1);
  });

  it('saves racing a submit land before the scoring or are refused: the score matches the stored answer', async () => {
    for (let round = 0; round < 5; round++) {
      session = await startSession(t.app, learner, subjectQuiz(c));
      const e = freeEval();
      const saves = Array.from({ length: 16 }, (_, i) =>
        save(t.app, learner, { evaluationId: e._id, userAnswer: i % 2 === 0 ? '9.8' : `wrong ${i}` }),
      );
      const [done, ...saved] = await Promise.all([submit(t.app, learner, session.assessment.slug), ...saves]);
      expect(done.statusCode).toBe(200);
      for (const res of saved) expect([200, 409]).toContain(res.statusCode);
      const row = await stored(e._id);
      expect(row.score).toBe(scoreAnswer(row.userAnswer as string | null, '9.8'));
      const [a] = await t.app.db.select().from(assessments).where(eq(assessments.id, session.assessment._id));
      // The option question stays unanswered, so the session's score is the free-text one's.
      expect(a?.score).toBe(row.score ?? 0);
    }
  });

  it('caps the time spent at the session length', async () => {
    const e = freeEval();
    await save(t.app, learner, { evaluationId: e._id, timeSpentSeconds: 500 });
    await save(t.app, learner, { evaluationId: e._id, timeSpentSeconds: 500 });
    expect((await stored(e._id)).timeSpentSeconds).toBe(600);
  });

  it('refuses an answer that is not one of the options (400) and keeps the old one', async () => {
    const e = optionEval();
    await save(t.app, learner, { evaluationId: e._id, userAnswer: e.baseQuestion.options[0]! });
    const res = await save(t.app, learner, { evaluationId: e._id, userAnswer: 'made up' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: quizMessages.answerNotAnOption, data: null });
    expect((await stored(e._id)).userAnswer).toBe(e.baseQuestion.options[0]);
  });

  it('refuses a save once the deadline and its grace have passed (409)', async () => {
    const e = freeEval();
    await expire(t.app.db, session.assessment._id, 11);
    const res = await save(t.app, learner, { evaluationId: e._id, userAnswer: '9.8' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Time is up/);
    expect((await stored(e._id)).userAnswer).toBeNull();
  });

  it('accepts a save within the 10-second grace after the deadline', async () => {
    const e = freeEval();
    await expire(t.app.db, session.assessment._id, 3);
    const res = await save(t.app, learner, { evaluationId: e._id, userAnswer: '9.8' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a save once the session is submitted (409)', async () => {
    const e = freeEval();
    expect((await submit(t.app, learner, session.assessment.slug)).statusCode).toBe(200);
    const res = await save(t.app, learner, { evaluationId: e._id, userAnswer: '9.8' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/submitted/);
  });

  it('keeps quotes, backslashes, semicolons and non-ASCII text in options and answers as they are', async () => {
    const awkward = [
      `It's "quoted" \\ back\\slash; DROP TABLE evaluations; --`,
      String.raw`\' \n $1 %s`,
      'Ünïcødé – 数学 ✓',
    ];
    const cat = await insertCatalogue(t.app.db, {
      subjects: [
        {
          name: `O'Brien's "Physics" \\ 1`,
          questionCount: 2,
          questions: [
            { text: `Which one? It's \\ tricky`, options: awkward, answer: awkward[0]! },
            { text: 'Free text, any characters' },
          ],
        },
      ],
    });
    const s = await startSession(t.app, learner, subjectQuiz(cat));
    expect(s.assessment.sessionName).toMatch(/^O'Brien's "Physics" \\ 1 Quiz · /);
    const option = s.evaluation.find((e) => e.baseQuestion.options.length > 0)!;
    expect([...option.baseQuestion.options].sort()).toEqual([...awkward].sort());
    expect(option.baseQuestion.questionText).toBe(`Which one? It's \\ tricky`);
    const free = s.evaluation.find((e) => e.baseQuestion.options.length === 0)!;
    for (const [e, answer] of [
      [option, awkward[1]!],
      [free, `a'b"c\\d; SELECT 1; -- ✓ é`],
    ] as const) {
      const res = await save(t.app, learner, { evaluationId: e._id, userAnswer: answer });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.evaluation.userAnswer).toBe(answer);
      expect((await stored(e._id)).userAnswer).toBe(answer);
    }
  });

  it('stores a long paper so that saves neither decompress its options nor recompress its answers', async () => {
    // Decision 0013: a save checks its answer against the sheet's options and rewrites the sheet's row.
    // A paper of 30 questions with long options (~13 kB of options) is the case the storage is set for.
    const long = (i: number, tag: string) =>
      `Option ${tag} of question ${i + 1}: ${'a long worded choice '.repeat(5)}`;
    const cat = await insertCatalogue(t.app.db, {
      subjects: [
        {
          name: 'Long options',
          questionCount: 30,
          questions: Array.from({ length: 30 }, (_, i) => ({
            text: `Long question ${i + 1}`,
            options: ['right', 'wrong a', 'wrong b', 'wrong c'].map((tag) => long(i, tag)),
            answer: long(i, 'right'),
          })),
        },
      ],
    });
    const s = await startSession(t.app, learner, subjectQuiz(cat));
    for (const e of s.evaluation) {
      const res = await save(t.app, learner, { evaluationId: e._id, userAnswer: e.baseQuestion.options[2]! });
      expect(res.statusCode).toBe(200);
    }
    const result = await t.app.db.execute(sql`
      SELECT pg_column_compression(options) AS options, pg_column_compression(answers) AS answers,
        octet_length(options::text) AS options_bytes
      FROM answer_sheets WHERE assessment_id = ${s.assessment._id}::uuid`);
    const row = result.rows[0] as { options: string | null; answers: string | null; options_bytes: number };
    expect(Number(row.options_bytes)).toBeGreaterThan(10_000);
    expect(row).toMatchObject({ options: null, answers: null });
  });

  it('answers 404 for an unknown evaluation and 400 for a malformed id', async () => {
    const unknown = await save(t.app, learner, {
      evaluationId: '00000000-0000-4000-8000-000000000000',
      userAnswer: 'a',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await save(t.app, learner, { evaluationId: 'not-a-uuid', userAnswer: 'a' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].path).toBe('body.evaluationId');
  });
});
