import {
  HINT_RATE_LIMIT,
  hintData,
  practiceMessages,
  quizMessages,
  type CreateAssessmentBody,
  type SessionData,
} from '@ai-tutor/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type UsedTestApp, useTestApp } from './helpers/app.js';
import {
  insertCatalogue,
  startSession,
  subjectQuiz,
  submit,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { aiEnv, reply, startFakeOpenAi, type FakeOpenAi } from './helpers/fake-openai.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

/** Hints in practice and review (docs/product.md#hints): one level at a time, grounded, never the key early. */

const SOLUTION =
  'Speed grows by the acceleration every second. So multiply the acceleration by the time. ' +
  'Here that is 2 × 5. The answer is 10 m/s.';

async function setUp(t: UsedTestApp): Promise<TestCatalogue> {
  return insertCatalogue(t.app.db, {
    subjects: [
      {
        name: 'Kinematics',
        questionCount: 2,
        questions: [
          {
            text: 'A car accelerates from rest at 2 m/s² for 5 s. Its speed?',
            options: ['10 m/s', '2.5 m/s', '7 m/s'],
            answer: '10 m/s',
            explanation: SOLUTION,
          },
          { text: 'What is g on Earth in m/s²?', answer: '9.8', explanation: null },
        ],
      },
    ],
  });
}

const practice = (c: TestCatalogue): CreateAssessmentBody => ({ ...subjectQuiz(c, 0), type: 'practice' });
const byText = (s: SessionData, prefix: string) =>
  s.evaluation.find((e) => e.baseQuestion.questionText.startsWith(prefix))!;

describe('hints without an AI provider', () => {
  let c: TestCatalogue;
  let learner: TestLearner;
  let other: TestLearner;
  const t = useTestApp();
  beforeAll(async () => {
    c = await setUp(t);
    learner = await createLearner(t.app);
    other = await createLearner(t.app);
  });

  const hint = (id: string, level: number, who: TestLearner = learner) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/evaluations/${id}/hint`,
      headers: who.headers,
      payload: { level },
    });

  it('gives levels in order: a nudge from the question, then the solution one step at a time, never the key before 4', async () => {
    const s = await startSession(t.app, learner, practice(c));
    const car = byText(s, 'A car')._id;

    const skipped = await hint(car, 2);
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json()).toEqual({ message: practiceMessages.hintSkipped(2), data: null });

    const given: [number, string, string][] = [];
    for (const level of [1, 2, 3]) {
      const res = await hint(car, level);
      expect(res.statusCode).toBe(200);
      const data = hintData.parse(res.json().data);
      expect(data).toMatchObject({ level, promptVersion: 'ladder@2', notice: null });
      expect(data.text).not.toContain('10 m/s');
      given.push([level, data.source, data.text]);
    }
    expect(given).toEqual([
      [1, 'question', practiceMessages.hintNudge('“Its speed?”', 'Kinematics')],
      [2, 'solution', 'Speed grows by the acceleration every second.'],
      [3, 'solution', 'So multiply the acceleration by the time.'],
    ]);
    const labels = await hint(car, 4);
    expect(hintData.parse(labels.json().data)).toMatchObject({
      level: 4,
      label: 'Worked solution',
      text: SOLUTION,
    });
    // An earlier level may be asked again (a reload); the session view counts the levels given.
    expect((await hint(car, 1)).json().data.label).toBe('Nudge');
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v1/assessment/session/${s.assessment.slug}`,
      headers: learner.headers,
    });
    const e = (view.json().data as SessionData).evaluation.find((x) => x._id === car)!;
    expect(e.hintsGiven).toBe(4);
    expect(e.feedback).toBeNull();
  });

  it('without a stored solution: generic hints, then the key at level 4', async () => {
    const s = await startSession(t.app, learner, practice(c));
    const g = byText(s, 'What is g')._id;
    const one = hintData.parse((await hint(g, 1)).json().data);
    expect(one).toMatchObject({ source: 'question' });
    const two = hintData.parse((await hint(g, 2)).json().data);
    expect(two).toMatchObject({ source: 'generic', text: practiceMessages.hintGeneric[2] });
    await hint(g, 3);
    expect(hintData.parse((await hint(g, 4)).json().data)).toMatchObject({
      source: 'generic',
      text: practiceMessages.hintKeyOnly('9.8'),
    });
  });

  it('is refused in a timed test (409) and for another learner’s question (404)', async () => {
    const timed = await startSession(t.app, learner, subjectQuiz(c, 0));
    const res = await hint(byText(timed, 'A car')._id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(practiceMessages.hintTimed);
    // Submitted: a practice session may draw its questions again.
    await submit(t.app, learner, timed.assessment.slug);

    const s = await startSession(t.app, learner, practice(c));
    const theirs = await hint(byText(s, 'A car')._id, 1, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(quizMessages.questionNotFound);
    expect((await hint(byText(s, 'A car')._id, 5)).statusCode).toBe(400);
  });
});

describe('hints with an AI provider', () => {
  let fake: FakeOpenAi;
  let c: TestCatalogue;
  let learner: TestLearner;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake.close();
  });
  const t = useTestApp(() => aiEnv(fake, { AI_TIMEOUT_MS: '300' }));
  beforeAll(async () => {
    c = await setUp(t);
    learner = await createLearner(t.app, { name: 'Asha Verma' });
  });
  beforeEach(() => fake.reset());

  const hint = (id: string, level: number, who: TestLearner = learner) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/evaluations/${id}/hint`,
      headers: who.headers,
      payload: { level },
    });

  it('asks the versioned prompt with the stored solution and returns the tutor’s hint', async () => {
    const s = await startSession(t.app, learner, practice(c));
    fake.script(reply.json({ hint: 'How does speed change each second under constant acceleration?' }));
    const res = await hint(byText(s, 'A car')._id, 1);
    expect(hintData.parse(res.json().data)).toEqual({
      level: 1,
      label: 'Nudge',
      text: 'How does speed change each second under constant acceleration?',
      source: 'ai',
      promptVersion: 'hint-v1',
      notice: null,
    });
    const user = fake.requests[0]!.body.messages[1]!.content;
    expect(user).toContain('A car accelerates from rest');
    expect(user).toContain(`Reference solution:\n${SOLUTION}`);
    expect(user).toContain('Write hint level 1, a nudge');
    expect(JSON.stringify(fake.requests[0]!.body)).not.toContain('Asha');
  });

  it('asks again when a hint gives the key away, then falls back to the stored solution', async () => {
    const s = await startSession(t.app, learner, practice(c));
    const car = byText(s, 'A car')._id;
    fake.script(reply.json({ hint: 'It is 10 m/s.' }), reply.json({ hint: 'Think: 10 m/s.' }));
    const data = hintData.parse((await hint(car, 1)).json().data);
    expect(fake.requests).toHaveLength(2);
    expect(data).toMatchObject({
      source: 'question',
      text: practiceMessages.hintNudge('“Its speed?”', 'Kinematics'),
      notice: practiceMessages.hintAiUnavailable,
    });

    fake.script(reply.json({ hint: 'The answer is 10 m/s.' }), reply.json({ hint: 'Multiply a by t.' }));
    const second = hintData.parse((await hint(car, 2)).json().data);
    expect(second).toMatchObject({ source: 'ai', text: 'Multiply a by t.' });
  });

  it('falls back when the provider fails', async () => {
    const s = await startSession(t.app, learner, practice(c));
    fake.script(reply.serverError(), reply.serverError(), reply.serverError(), reply.serverError());
    const data = hintData.parse((await hint(byText(s, 'A car')._id, 1)).json().data);
    expect(data).toMatchObject({ source: 'question', notice: practiceMessages.hintAiUnavailable });
  });

  it(`is rate-limited per learner (${HINT_RATE_LIMIT.max} a minute)`, async () => {
    const fresh = await createLearner(t.app);
    const s = await startSession(t.app, fresh, practice(c));
    const g = byText(s, 'What is g')._id;
    fake.setFallback(() => reply.json({ hint: 'Think of falling bodies.' }));
    const statuses: number[] = [];
    for (let i = 0; i < HINT_RATE_LIMIT.max + 1; i++) statuses.push((await hint(g, 1, fresh)).statusCode);
    expect(statuses.filter((x) => x === 429)).toHaveLength(1);
    fake.setFallback(null);
  });
});
