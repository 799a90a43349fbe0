import { quizMessages, resultData, statusFromScore } from '@ai-tutor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  expire,
  insertCatalogue,
  save,
  startSession,
  submit,
  topicQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
let c: TestCatalogue;
let learner: TestLearner;
const t = useTestApp();
beforeAll(async () => {
  learner = await createLearner(t.app);
  c = await insertCatalogue(t.app.db, {
    subjects: [
      {
        name: 'Physics',
        topics: [{ name: 'Optics', questionCount: 3, durationMinutes: 9 }],
        questions: [
          {
            text: 'Which bends light?',
            options: ['lens', 'rock'],
            answer: 'lens',
            explanation: 'Refraction.',
            topic: 0,
          },
          { text: 'Speed of light in 10^8 m/s?', answer: '3', explanation: null, topic: 0 },
          { text: 'Focal length unit?', answer: 'metre', explanation: 'SI unit.', topic: 0 },
        ],
      },
    ],
  });
});

const result = (slug: string, who: TestLearner = learner) =>
  t.app.inject({ method: 'GET', url: `/api/v1/assessment/get-session/${slug}`, headers: who.headers });

describe('GET /api/v1/assessment/get-session/:slug', () => {
  it('answers 409 while the session runs, then the full result once submitted', async () => {
    const s = await startSession(t.app, learner, topicQuiz(c));
    const running = await result(s.assessment.slug);
    expect(running.statusCode).toBe(409);
    expect(running.json()).toEqual({ message: expect.stringMatching(/still running/), data: null });

    const byText = new Map(s.evaluation.map((e) => [e.baseQuestion.questionText, e]));
    const lens = byText.get('Which bends light?')!;
    await save(t.app, learner, { evaluationId: lens._id, userAnswer: 'lens', timeSpentSeconds: 40 });
    await save(t.app, learner, { evaluationId: lens._id, markedForReview: true, timeSpentSeconds: 5 });
    await save(t.app, learner, {
      evaluationId: byText.get('Speed of light in 10^8 m/s?')!._id,
      userAnswer: '3.0',
    });
    await save(t.app, learner, { evaluationId: byText.get('Focal length unit?')!._id, userAnswer: 'inch' });
    await submit(t.app, learner, s.assessment.slug);

    const res = await result(s.assessment.slug);
    expect(res.statusCode).toBe(200);
    const data = resultData.parse(res.json().data);
    expect(data.assessment).toMatchObject({
      slug: s.assessment.slug,
      sessionName: s.assessment.sessionName,
      quizType: 'topic',
      score: 7,
      totalMarks: 12,
      totalQuestions: 3,
      answeredQuestion: 3,
      sessionCompleted: true,
      totalTime: 9,
      exam: { name: c.exam.name, slug: c.exam.slug },
      examModule: { id: c.module.id, name: c.module.name, slug: c.module.slug },
      subject: { id: c.subjects[0]!.id, name: 'Physics', slug: c.subjects[0]!.slug },
      topic: { id: c.subjects[0]!.topics[0]!.id, name: 'Optics', slug: c.subjects[0]!.topics[0]!.slug },
    });
    // Evaluations come in the session's order with the answer key, explanation, score and time.
    expect(data.evaluations.map((e) => e._id)).toEqual(s.evaluation.map((e) => e._id));
    const rows = new Map(data.evaluations.map((e) => [e.baseQuestion.questionText, e]));
    expect(rows.get('Which bends light?')).toMatchObject({
      userAnswer: 'lens',
      baseAnswer: 'lens',
      explanation: 'Refraction.',
      score: 4,
      status: 'answered',
      markedForReview: true,
      timeSpentSeconds: 45,
      topic: { id: c.subjects[0]!.topics[0]!.id, name: 'Optics' },
      baseQuestion: { subject: { id: c.subjects[0]!.id, name: 'Physics' } },
    });
    expect(rows.get('Speed of light in 10^8 m/s?')).toMatchObject({
      baseAnswer: '3',
      explanation: null,
      score: 4,
    });
    expect(rows.get('Focal length unit?')).toMatchObject({
      userAnswer: 'inch',
      baseAnswer: 'metre',
      score: -1,
    });
    // The status a row shows agrees with the score the server gave.
    expect(data.evaluations.map((e) => statusFromScore(e.score))).toEqual(
      data.evaluations.map((e) => (e.score === 4 ? 'Correct' : 'Incorrect')),
    );
  });

  it('completes an expired session before answering, with endTime at the deadline', async () => {
    const s = await startSession(t.app, learner, topicQuiz(c));
    await expire(t.app.db, s.assessment._id, 120);
    const res = await result(s.assessment.slug);
    expect(res.statusCode).toBe(200);
    const data = resultData.parse(res.json().data);
    expect(data.assessment).toMatchObject({ sessionCompleted: true, score: 0, answeredQuestion: 0 });
    expect(data.assessment.endTime).toBe(data.assessment.deadline);
    expect(data.evaluations.every((e) => e.score === null && e.userAnswer === null)).toBe(true);
  });

  it('answers 404 for another learner’s session and for an unknown slug', async () => {
    const s = await startSession(t.app, learner, topicQuiz(c));
    await submit(t.app, learner, s.assessment.slug);
    const other = await createLearner(t.app);
    const res = await result(s.assessment.slug, other);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: quizMessages.assessmentNotFound, data: null });
    expect((await result('no-such-session')).statusCode).toBe(404);
  });
});
