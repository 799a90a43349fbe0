import { MY_DATA_SECTIONS, myDataSummary } from '@ai-tutor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  answerKey,
  insertCatalogue,
  save,
  startSession,
  submit,
  subjectQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner } from './helpers/learner.js';
import { exportOf, registeredLearner } from './helpers/my-data.js';

// docs/decisions/0023-learners-data-and-backups.md: one file with everything about the learner, and
// nothing about anyone else, nothing secret.
let c: TestCatalogue;
const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 3 },
    subjects: [
      {
        name: 'Physics',
        questionCount: 3,
        questions: [
          { text: 'Name the unit of force', options: [], answer: 'newton' },
          { text: 'Pick the vector', options: ['speed', 'velocity'], answer: 'velocity' },
          { text: 'Pick the scalar', options: ['mass', 'force'], answer: 'mass' },
        ],
      },
    ],
  });
});

async function sitQuiz(who: Parameters<typeof save>[1], freeText: string) {
  const s = await startSession(t.app, who, subjectQuiz(c));
  const keys = await answerKey(t.app.db, s.assessment._id);
  for (const e of s.evaluation) {
    const key = keys.get(e._id)!;
    const answer = key.options.length ? key.answer : freeText;
    const saved = await save(t.app, who, { evaluationId: e._id, userAnswer: answer, timeSpentSeconds: 42 });
    expect(saved.statusCode).toBe(200);
  }
  expect((await submit(t.app, who, s.assessment.slug)).statusCode).toBe(200);
  return s;
}

describe('GET /api/v1/users/me/export', () => {
  it('downloads one JSON file: a summary first, then profile, sessions with questions, answers, marks and times', async () => {
    const asha = await registeredLearner(t.app, 'Asha Export');
    const s = await sitQuiz(asha, 'newton, of course');

    const res = await exportOf(t.app, asha);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="ai-tutor-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.body.trimStart().startsWith('{\n"summary"')).toBe(true);
    const file = JSON.parse(res.body) as Record<string, unknown>;
    expect(Object.keys(file)).toEqual([...MY_DATA_SECTIONS]);

    const summary = myDataSummary.parse(file.summary);
    expect(summary).toMatchObject({
      name: 'Asha Export',
      email: asha.email,
      sessions: 1,
      completedSessions: 1,
      answers: 3,
      // the written answer was not the key: a review card, in the notebook
      reviewCards: 1,
      posts: 0,
    });
    expect(file.profile).toMatchObject({ id: asha.id, name: 'Asha Export', signsInWithPassword: true });

    const [session] = file.sessions as {
      id: string;
      completed: boolean;
      score: number;
      questions: {
        text: string;
        answer: unknown;
        marks: number;
        timeSpentSeconds: number;
        options: string[];
      }[];
    }[];
    expect(session).toMatchObject({ id: s.assessment.slug, completed: true });
    expect(session!.questions).toHaveLength(3);
    const written = session!.questions.find((q) => q.text === 'Name the unit of force')!;
    expect(written).toMatchObject({ answer: 'newton, of course', timeSpentSeconds: 42, options: [] });
    const chosen = session!.questions.find((q) => q.text === 'Pick the vector')!;
    expect(chosen).toMatchObject({ answer: 'velocity', marks: 4 });
    expect(chosen.options.sort()).toEqual(['speed', 'velocity']);
    expect(file.notebook).toEqual([expect.objectContaining({ question: 'Name the unit of force' })]);
    expect(file.records).toEqual(expect.arrayContaining([expect.objectContaining({ attempts: 1 })]));
  });

  it('holds nothing of another learner and nothing secret', async () => {
    const asha = await registeredLearner(t.app, 'Asha Private');
    const other = await registeredLearner(t.app, 'Ravi Elsewhere');
    await sitQuiz(other, 'ravi’s own words');
    const res = await exportOf(t.app, asha);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Ravi');
    expect(res.body).not.toContain(other.email);
    expect(res.body).not.toContain('ravi’s own words');
    expect(res.body).not.toContain(other.id);
    // No password hash (argon2's or scrypt's), no token.
    expect(res.body).not.toMatch(/\$argon2|scrypt|password_?hash|token_?hash/i);
    expect(res.body).not.toContain(asha.refreshToken);
    expect(JSON.parse(res.body).sessions).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me/export' })).statusCode).toBe(401);
  });

  it('works for a learner without a password too (signed in another way)', async () => {
    const learner = await createLearner(t.app, { name: 'Mira Token' });
    const file = JSON.parse((await exportOf(t.app, learner)).body);
    expect(file.profile).toMatchObject({ name: 'Mira Token', signsInWithPassword: false });
  });
});
