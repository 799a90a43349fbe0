import { attemptsData } from '@ai-tutor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  insertCatalogue,
  moduleTest,
  optionQuestions,
  startSession,
  submit,
  subjectQuiz,
  topicQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
let c: TestCatalogue;
let learner: TestLearner;
/** Slugs of the learner's completed Physics quizzes, oldest first. */
const physicsSlugs: string[] = [];
let moduleSlug = '';

const t = useTestApp();
beforeAll(async () => {
  learner = await createLearner(t.app);
  c = await insertCatalogue(t.app.db, {
    module: { name: 'Mains', questionCount: 2 },
    subjects: [
      {
        name: 'Physics',
        questionCount: 1,
        topics: [{ name: 'Waves' }],
        questions: optionQuestions('P', 2, 0),
      },
      { name: 'Chemistry', questionCount: 1, questions: 2 },
    ],
  });
  for (let i = 0; i < 17; i++) {
    const s = await startSession(t.app, learner, subjectQuiz(c, 0));
    await submit(t.app, learner, s.assessment.slug);
    physicsSlugs.push(s.assessment.slug);
  }
  const running = await startSession(t.app, learner, subjectQuiz(c, 0)); // not completed: not an attempt
  expect(running.assessment.sessionCompleted).toBe(false);
  const m = await startSession(t.app, learner, moduleTest(c));
  await submit(t.app, learner, m.assessment.slug);
  moduleSlug = m.assessment.slug;
});

const list = (query: string, who: TestLearner = learner) =>
  t.app.inject({ method: 'GET', url: `/api/v1/assessment/details?${query}`, headers: who.headers });

describe('GET /api/v1/assessment/details', () => {
  it('lists the learner’s completed attempts newest first, 15 by default, with the entity name and total', async () => {
    const res = await list(`entityType=subject&entitySlug=${c.subjects[0]!.slug}`);
    expect(res.statusCode).toBe(200);
    const data = attemptsData.parse(res.json().data);
    expect(data.total).toBe(17);
    expect(data.entityData).toEqual({ name: 'Physics' });
    expect(data.assessments.map((a) => a.slug)).toEqual([...physicsSlugs].reverse().slice(0, 15));
    const first = data.assessments[0]!;
    expect(first).toMatchObject({
      sessionCompleted: true,
      totalQuestions: 1,
      totalMarks: 4,
      score: 0,
      answeredQuestion: 0,
      exam: { name: c.exam.name, slug: c.exam.slug },
      subject: { name: 'Physics' },
    });
    expect(first.sessionName).toMatch(/^Physics Quiz · /);
  });

  it('pages on the server: page 2 holds the rest, a page beyond the end is empty with the total', async () => {
    const page2 = attemptsData.parse(
      (await list(`entityType=subject&entitySlug=${c.subjects[0]!.slug}&page=2&limit=15`)).json().data,
    );
    expect(page2.assessments.map((a) => a.slug)).toEqual([physicsSlugs[1], physicsSlugs[0]]);
    expect(page2.total).toBe(17);
    const beyond = attemptsData.parse(
      (await list(`entityType=subject&entitySlug=${c.subjects[0]!.slug}&page=9&limit=30`)).json().data,
    );
    expect(beyond).toMatchObject({ assessments: [], total: 17 });
    const twenty = attemptsData.parse(
      (await list(`entityType=subject&entitySlug=${c.subjects[0]!.slug}&limit=20`)).json().data,
    );
    expect(twenty.assessments).toHaveLength(17);
  });

  it('answers 400 naming each bad parameter', async () => {
    const slug = c.subjects[0]!.slug;
    const cases: [string, string][] = [
      [`entityType=subject&entitySlug=${slug}&limit=16`, 'querystring.limit'],
      [`entityType=subject&entitySlug=${slug}&limit=abc`, 'querystring.limit'],
      [`entityType=subject&entitySlug=${slug}&page=0`, 'querystring.page'],
      [`entityType=subject&entitySlug=${slug}&page=-1`, 'querystring.page'],
      [`entityType=exam&entitySlug=${slug}`, 'querystring.entityType'],
      [`entityType=subject`, 'querystring.entitySlug'],
    ];
    for (const [query, path] of cases) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().errors.map((e: { path: string }) => e.path),
        query,
      ).toContain(path);
      expect(res.json().message, query).toContain(path);
    }
  });

  it('answers 404 for an unknown slug of each type', async () => {
    for (const type of ['exam_module', 'subject', 'topic']) {
      const res = await list(`entityType=${type}&entitySlug=nothing-here`);
      expect(res.statusCode, type).toBe(404);
    }
  });

  it('lists mock tests under the module, and under a topic its quizzes and sessions that answered one of its questions', async () => {
    const mod = attemptsData.parse(
      (await list(`entityType=exam_module&entitySlug=${c.module.slug}`)).json().data,
    );
    expect(mod.entityData).toEqual({ name: 'Mains' });
    expect(mod.assessments.map((a) => a.slug)).toEqual([moduleSlug]);
    const chemistry = attemptsData.parse(
      (await list(`entityType=subject&entitySlug=${c.subjects[1]!.slug}`)).json().data,
    );
    expect(chemistry.total).toBe(0);
    const topic = attemptsData.parse(
      (await list(`entityType=topic&entitySlug=${c.subjects[0]!.topics[0]!.slug}&limit=30`)).json().data,
    );
    expect(topic.entityData).toEqual({ name: 'Waves' });
    // Every session so far left the topic's questions blank: not an attempt of the topic.
    expect(topic.total).toBe(0);
    const t1 = await startSession(t.app, learner, topicQuiz(c));
    await submit(t.app, learner, t1.assessment.slug);
    const after = attemptsData.parse(
      (await list(`entityType=topic&entitySlug=${c.subjects[0]!.topics[0]!.slug}`)).json().data,
    );
    expect(after.total).toBe(1);
    expect(after.assessments[0]).toMatchObject({ slug: t1.assessment.slug, quizType: 'topic' });
  });

  it('shows only the signed-in learner’s attempts', async () => {
    const other = await createLearner(t.app);
    const res = await list(`entityType=subject&entitySlug=${c.subjects[0]!.slug}`, other);
    expect(res.json().data).toEqual({ assessments: [], entityData: { name: 'Physics' }, total: 0 });
    const s = await startSession(t.app, other, subjectQuiz(c, 0));
    await submit(t.app, other, s.assessment.slug);
    const mine = attemptsData.parse(
      (await list(`entityType=subject&entitySlug=${c.subjects[0]!.slug}`, other)).json().data,
    );
    expect(mine.assessments.map((a) => a.slug)).toEqual([s.assessment.slug]);
    expect(
      attemptsData.parse((await list(`entityType=subject&entitySlug=${c.subjects[0]!.slug}`)).json().data)
        .total,
    ).toBe(17);
  });
});
