import { quizMessages, SAVE_GRACE_SECONDS, sessionData } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments, questions } from '../src/db/schema.js';
import { questionIdsOf as storedQuestionIds } from './helpers/stored-evaluation.js';
import { allocate } from '../src/services/quiz/selection.js';
import { useTestApp } from './helpers/app.js';
import {
  insertCatalogue,
  moduleTest,
  optionQuestions,
  startSession,
  subjectQuiz,
  topicQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
let learner: TestLearner;
const t = useTestApp();
beforeAll(async () => {
  learner = await createLearner(t.app);
});

const create = (payload: object, who: TestLearner = learner) =>
  t.app.inject({ method: 'POST', url: '/api/v1/assessment', headers: who.headers, payload });

/** questionId of every evaluation of a session, in position order. */
async function questionIdsOf(assessmentId: string): Promise<string[]> {
  return storedQuestionIds(t.app.db, assessmentId);
}

describe('allocate', () => {
  it('spreads evenly, gives the remainder to the first subjects and refills from the others', () => {
    expect(allocate(10, [10, 10, 10])).toEqual([4, 3, 3]);
    expect(allocate(10, [1, 10, 10])).toEqual([1, 5, 4]);
    expect(allocate(10, [2, 2, 2])).toEqual([2, 2, 2]);
    expect(allocate(3, [0, 5, 5])).toEqual([0, 2, 1]);
    expect(allocate(2, [5, 5, 5])).toEqual([1, 1, 0]);
  });
});

describe('POST /api/v1/assessment', () => {
  let c: TestCatalogue;
  beforeAll(async () => {
    c = await insertCatalogue(t.app.db, {
      module: { name: 'JEE Main', questionCount: 10, durationMinutes: 180 },
      subjects: [
        { name: 'Physics', questionCount: 4, durationMinutes: 20, questions: 12 },
        { name: 'Chemistry', questions: 12 },
        { name: 'Maths', questions: 12 },
      ],
    });
  });

  it('creates a module mock test: the module count spread evenly and grouped by subject', async () => {
    const res = await create(moduleTest(c));
    expect(res.statusCode).toBe(201);
    const data = sessionData.parse(res.json().data);
    const a = data.assessment;
    expect(a.totalQuestions).toBe(10);
    expect(a.totalMarks).toBe(40);
    expect(a.totalTime).toBe(180);
    expect(a.quizType).toBe('module');
    expect(a.subject).toBeNull();
    expect(a.examModule).toEqual({ id: c.module.id, name: 'JEE Main', slug: c.module.slug });
    expect(a.exam).toEqual({ name: c.exam.name, slug: c.exam.slug });
    expect(a.sessionName).toMatch(/^JEE Main Mock Test · \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    expect(a.score).toBeNull();
    expect(a.endTime).toBeNull();
    expect(a.sessionCompleted).toBe(false);

    const names = data.evaluation.map((e) => e.baseQuestion.subject?.name);
    expect(names).toEqual([
      ...Array(4).fill('Physics'),
      ...Array(3).fill('Chemistry'),
      ...Array(3).fill('Maths'),
    ]);
    const ids = await questionIdsOf(a._id);
    expect(new Set(ids).size).toBe(10);
  });

  it('sets the deadline from the server clock: startTime + totalTime', async () => {
    const before = Date.now();
    const { assessment: a } = await startSession(t.app, learner, subjectQuiz(c, 0));
    const start = Date.parse(a.startTime);
    expect(Math.abs(start - before)).toBeLessThan(5000);
    expect(Date.parse(a.deadline) - start).toBe(20 * 60_000);
    expect(a.totalTime).toBe(20);
    expect(Math.abs(Date.parse(a.serverTime) - start)).toBeLessThan(5000);
    expect(a.sessionName).toMatch(/^Physics Quiz · /);
    expect(a.subject).toEqual({ id: c.subjects[0]!.id, name: 'Physics', slug: c.subjects[0]!.slug });
    expect(SAVE_GRACE_SECONDS).toBe(10);
  });

  it('keeps each session’s option order: the stored order is what every fetch shows', async () => {
    const data = await startSession(t.app, learner, subjectQuiz(c, 1));
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/assessment/session/${data.assessment.slug}`,
      headers: learner.headers,
    });
    const fetched = sessionData.parse(again.json().data);
    expect(fetched.evaluation.map((e) => e.baseQuestion.options)).toEqual(
      data.evaluation.map((e) => e.baseQuestion.options),
    );
    // Every option list is a permutation of the question's own options.
    for (const e of data.evaluation) {
      const [q] = await t.app.db
        .select()
        .from(questions)
        .where(eq(questions.text, e.baseQuestion.questionText));
      expect([...e.baseQuestion.options].sort()).toEqual([...q!.options].sort());
    }
  });

  it('prefers questions the learner has not seen, then the ones seen longest ago', async () => {
    const fresh = await createLearner(t.app);
    const cat = await insertCatalogue(t.app.db, {
      subjects: [{ name: 'Biology', questionCount: 3, questions: 6 }],
    });
    const first = await startSession(t.app, fresh, subjectQuiz(cat));
    const second = await startSession(t.app, fresh, subjectQuiz(cat));
    const third = await startSession(t.app, fresh, subjectQuiz(cat));
    const q1 = new Set(await questionIdsOf(first.assessment._id));
    const q2 = new Set(await questionIdsOf(second.assessment._id));
    const q3 = new Set(await questionIdsOf(third.assessment._id));
    expect(q1.size).toBe(3);
    expect([...q2].filter((id) => q1.has(id))).toEqual([]);
    expect(q3).toEqual(q1);
    // Another learner's history does not count against this one.
    const other = await startSession(t.app, learner, subjectQuiz(cat));
    expect(other.evaluation).toHaveLength(3);
  });

  it('never serves a draft, and takes what there is when fewer are available', async () => {
    const cat = await insertCatalogue(t.app.db, {
      subjects: [
        {
          name: 'Zoology',
          questionCount: 10,
          questions: [
            ...optionQuestions('Zoology', 3),
            { text: 'Draft one', options: ['x', 'y'], answer: 'x', status: 'draft' },
            { text: 'Draft two', answer: 'z', status: 'draft' },
          ],
        },
      ],
    });
    const data = await startSession(t.app, learner, subjectQuiz(cat));
    expect(data.assessment.totalQuestions).toBe(3);
    expect(data.assessment.totalMarks).toBe(12);
    expect(data.evaluation.map((e) => e.baseQuestion.questionText).sort()).toEqual([
      'Zoology question 1',
      'Zoology question 2',
      'Zoology question 3',
    ]);
  });

  it('a short subject in a mock test leaves its share to the others', async () => {
    const cat = await insertCatalogue(t.app.db, {
      module: { questionCount: 10 },
      subjects: [
        { name: 'Alpha', questions: 1 },
        { name: 'Beta', questions: 10 },
        { name: 'Gamma', questions: 10 },
      ],
    });
    const data = await startSession(t.app, learner, moduleTest(cat));
    const names = data.evaluation.map((e) => e.baseQuestion.subject?.name);
    expect(names).toEqual(['Alpha', ...Array(5).fill('Beta'), ...Array(4).fill('Gamma')]);
  });

  it('a topic quiz draws the topic’s count from that topic only', async () => {
    const cat = await insertCatalogue(t.app.db, {
      subjects: [
        {
          name: 'Mechanics',
          topics: [{ name: 'Kinematics', questionCount: 2, durationMinutes: 7 }, { name: 'Statics' }],
          questions: [...optionQuestions('Kin', 3, 0), ...optionQuestions('Stat', 3, 1)],
        },
      ],
    });
    const data = await startSession(t.app, learner, topicQuiz(cat, 0, 0));
    expect(data.assessment.totalQuestions).toBe(2);
    expect(data.assessment.totalTime).toBe(7);
    expect(data.assessment.topic?.name).toBe('Kinematics');
    expect(data.assessment.sessionName).toMatch(/^Kinematics Quiz · /);
    for (const e of data.evaluation) expect(e.baseQuestion.questionText).toMatch(/^Kin question/);
  });

  it('answers 409 with a clear message when no question is available', async () => {
    const cat = await insertCatalogue(t.app.db, {
      subjects: [{ name: 'Empty', questions: [{ text: 'only a draft', answer: 'a', status: 'draft' }] }],
    });
    const res = await create(subjectQuiz(cat));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: quizMessages.noQuestions('Empty'),
      data: null,
    });
    const left = await t.app.db
      .select()
      .from(assessments)
      .where(eq(assessments.subjectId, cat.subjects[0]!.id));
    expect(left).toEqual([]);
  });

  it('answers 404 for unknown slugs and for a level outside its parent', async () => {
    const other = await insertCatalogue(t.app.db, {
      subjects: [{ name: 'Elsewhere', questions: 2, topics: [{ name: 'T' }] }],
    });
    const cases = [
      { ...subjectQuiz(c), examSlug: 'no-such-exam' },
      { ...subjectQuiz(c), moduleSlug: 'no-such-module' },
      { ...subjectQuiz(c), subjectSlug: 'no-such-subject' },
      { ...subjectQuiz(c), moduleSlug: other.module.slug }, // module of another exam
      { ...subjectQuiz(c), subjectSlug: other.subjects[0]!.slug }, // subject of another module
      { ...topicQuiz(other), topicSlug: 'no-such-topic' },
      { ...subjectQuiz(c), quizType: 'topic', topicSlug: other.subjects[0]!.topics[0]!.slug },
    ];
    for (const body of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().data).toBeNull();
    }
  });

  it('answers 400 for a bad quizType or a missing subject, 401 without a token', async () => {
    const bad = await create({ ...subjectQuiz(c), quizType: 'exam' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('body.quizType');
    const missing = await create({ ...subjectQuiz(c), subjectSlug: undefined });
    expect(missing.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assessment',
      payload: subjectQuiz(c),
    });
    expect(anonymous.statusCode).toBe(401);
    const unverified = await createLearner(t.app, { verified: false });
    expect((await create(subjectQuiz(c), unverified)).statusCode).toBe(403);
  });
});
