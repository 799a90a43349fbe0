import type { SessionData } from '@ai-tutor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSampleContent } from '../src/services/catalogue/seed.js';
import { useTestApp } from './helpers/app.js';
import { startSession } from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

const t = useTestApp();
let learner: TestLearner;
beforeAll(async () => {
  await seedSampleContent(t.app.db);
  learner = await createLearner(t.app);
});

const sectionRows = (data: SessionData) =>
  (data.sections ?? []).map((s) => [s.title, s.firstQuestion, s.questionCount, s.questionType]);

describe('a mock paper in sections', () => {
  it("lays the JEE Main mock out as NTA does: per subject, 20 single-correct then 5 numerical, each section's marks and instructions", async () => {
    const session = await startSession(t.app, learner, {
      examSlug: 'jee-main-practice',
      quizType: 'module',
      moduleSlug: 'jee-main-paper-1',
      type: 'quiz',
    });
    expect(session.evaluation).toHaveLength(75);
    expect(session.assessment.totalTime).toBe(180); // minutes
    expect(sectionRows(session)).toEqual([
      ['Physics · Section A (Single correct)', 1, 20, 'single'],
      ['Physics · Section B (Numerical value)', 21, 5, 'numerical'],
      ['Chemistry · Section A (Single correct)', 26, 20, 'single'],
      ['Chemistry · Section B (Numerical value)', 46, 5, 'numerical'],
      ['Mathematics · Section A (Single correct)', 51, 20, 'single'],
      ['Mathematics · Section B (Numerical value)', 71, 5, 'numerical'],
    ]);
    // The questions are where their sections say.
    for (const s of session.sections ?? [])
      for (let n = s.firstQuestion; n < s.firstQuestion + s.questionCount; n++) {
        const q = session.evaluation[n - 1]!.baseQuestion;
        expect([q.subject?.name, q.questionType]).toEqual([s.subject?.name, s.questionType]);
      }
    const [single, numerical] = session.sections ?? [];
    expect(single?.marks).toEqual({ correct: 4, wrong: -1, partial: false });
    expect(single?.instructions).toBe(
      'Each question has four options; only one of them is correct. Marks: +4 for a correct answer, −1 for a wrong one, 0 if not answered.',
    );
    expect(numerical?.instructions).toMatch(
      /^The answer to each question is a number; enter it with the on-screen keypad\./,
    );

    // A reload reads the same sections; nothing in them (or anywhere) gives a key away.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/assessment/session/${session.assessment.slug}`,
      headers: learner.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(sectionRows(again.json().data as SessionData)).toEqual(sectionRows(session));
    expect(again.body).not.toMatch(/"(answer|baseAnswer|explanation|correctOptions|score)":(?!null)/);
  });

  it("gives JEE Advanced's multiple-correct section its partial marks", async () => {
    const session = await startSession(t.app, learner, {
      examSlug: 'jee-advanced-practice',
      quizType: 'module',
      moduleSlug: 'jee-advanced-paper',
      type: 'quiz',
    });
    const multiple = session.sections?.find((s) => s.questionType === 'multiple');
    expect(multiple?.marks).toEqual({ correct: 4, wrong: -2, partial: true });
    expect(multiple?.instructions).toContain(
      '+1 to +3 when only some correct options and no wrong one are chosen',
    );
    const numerical = session.sections?.find((s) => s.questionType === 'numerical');
    expect(numerical?.instructions).toContain('no marks are taken off for a wrong answer');
    // Each subject's sections follow one another, single-correct first.
    const physics = (session.sections ?? []).filter((s) => s.subject?.name === 'Physics');
    expect(physics.map((s) => s.questionType)).toEqual(['single', 'multiple', 'numerical']);
  });
});
