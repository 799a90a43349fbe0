import { practiceMessages, type SessionData } from '@ai-tutor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { insertCatalogue, optionQuestions, type TestCatalogue } from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

/** Review and adaptive sessions (DESIGN.md §6.2): what a start accepts and what it draws. */

let t: TestApp;
let c: TestCatalogue;
let learner: TestLearner;
beforeAll(async () => {
  t = await buildTestApp();
  c = await insertCatalogue(t.app.db, {
    examName: 'Review Exam',
    subjects: [
      {
        name: 'Optics',
        topics: [{ name: 'Lenses' }, { name: 'Mirrors' }],
        questions: [...optionQuestions('Lens', 4, 0), ...optionQuestions('Mirror', 4, 1)],
      },
      { name: 'Heat', topics: [{ name: 'Calorimetry' }], questions: optionQuestions('Heat', 4, 0) },
    ],
  });
  learner = await createLearner(t.app);
});
afterAll(async () => t.close());

const create = (payload: object, who: TestLearner = learner) =>
  t.app.inject({ method: 'POST', url: '/api/v1/assessment', headers: who.headers, payload });

describe('starting review and adaptive sessions', () => {
  it('refuses bodies that do not fit the quiz type (400)', async () => {
    const cases = [
      // A subject quiz still needs its module; a time limit is for review and adaptive only.
      { examSlug: c.exam.slug, quizType: 'subject', subjectSlug: c.subjects[0]!.slug },
      {
        examSlug: c.exam.slug,
        quizType: 'subject',
        moduleSlug: c.module.slug,
        subjectSlug: c.subjects[0]!.slug,
        timeLimitMinutes: 10,
      },
      // An adaptive subject needs its module.
      { examSlug: c.exam.slug, quizType: 'adaptive', subjectSlug: c.subjects[0]!.slug },
      { examSlug: c.exam.slug, quizType: 'review', timeLimitMinutes: 0 },
      { examSlug: c.exam.slug, quizType: 'review', type: 'exam' },
    ];
    for (const payload of cases)
      expect((await create(payload)).statusCode, JSON.stringify(payload)).toBe(400);
  });

  it('answers 409 with a clear message when nothing is due for review', async () => {
    const fresh = await createLearner(t.app);
    const res = await create({ examSlug: c.exam.slug, quizType: 'review' }, fresh);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: practiceMessages.nothingDue('Review Exam'), data: null });
  });

  it('answers 404 for an unknown exam or a module of another exam', async () => {
    expect((await create({ examSlug: 'no-such-exam', quizType: 'review' })).statusCode).toBe(404);
    const res = await create({ examSlug: c.exam.slug, quizType: 'adaptive', moduleSlug: 'no-such-module' });
    expect(res.statusCode).toBe(404);
  });

  it('accepts SPEC.md’s type "quiz" as a timed session', async () => {
    const res = await create({
      examSlug: c.exam.slug,
      quizType: 'subject',
      moduleSlug: c.module.slug,
      subjectSlug: c.subjects[1]!.slug,
      type: 'quiz',
      startAfresh: true,
    });
    expect(res.statusCode).toBe(201);
    expect((res.json().data as SessionData).assessment).toMatchObject({ mode: 'timed', timed: true });
  });
});
