import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments } from '../src/db/schema.js';
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
let c: TestCatalogue;
const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    subjects: [
      {
        name: 'Secrets',
        questionCount: 4,
        questions: [
          { text: 'Free one', answer: 'ANSWER-SECRET-ONE', explanation: 'EXPLANATION-SECRET-ONE' },
          { text: 'Free two', answer: 'ANSWER-SECRET-TWO', explanation: 'EXPLANATION-SECRET-TWO' },
          ...optionQuestions('Opt', 2),
        ],
      },
    ],
  });
});

const SECRETS = [
  'ANSWER-SECRET-ONE',
  'ANSWER-SECRET-TWO',
  'EXPLANATION-SECRET-ONE',
  'EXPLANATION-SECRET-TWO',
];

/** Fails naming the response that carried an answer key, an explanation or a score. */
function expectNoLeak(label: string, body: string) {
  for (const secret of SECRETS) expect(body, `${label} leaks ${secret}`).not.toContain(secret);
  for (const key of ['"baseAnswer"', '"explanation"', '"gradingNote"', '"timeSpentSeconds"']) {
    expect(body, `${label} carries ${key}`).not.toContain(key);
  }
  expect(body, `${label} carries a score`).not.toMatch(/"score":(?!null)/);
}

const get = (learner: TestLearner, url: string) =>
  t.app.inject({ method: 'GET', url, headers: learner.headers });

describe('no answer before completion', () => {
  it('no response before completion carries the answer, the explanation or a score', async () => {
    const learner = await createLearner(t.app);
    const bodies: [string, string][] = [];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assessment',
      headers: learner.headers,
      payload: subjectQuiz(c),
    });
    expect(created.statusCode).toBe(201);
    bodies.push(['create', created.body]);
    const session = created.json().data;

    for (const e of session.evaluation as { _id: string; baseQuestion: { options: string[] } }[]) {
      const answer = e.baseQuestion.options[0] ?? 'my free answer';
      const saved = await save(t.app, learner, {
        evaluationId: e._id,
        userAnswer: answer,
        markedForReview: true,
      });
      expect(saved.statusCode).toBe(200);
      bodies.push(['save', saved.body]);
    }
    bodies.push([
      'session',
      (await get(learner, `/api/v1/assessment/session/${session.assessment.slug}`)).body,
    ]);
    const early = await get(learner, `/api/v1/assessment/get-session/${session.assessment.slug}`);
    expect(early.statusCode).toBe(409);
    bodies.push(['early result', early.body]);
    bodies.push([
      'attempts',
      (await get(learner, `/api/v1/assessment/details?entityType=subject&entitySlug=${c.subjects[0]!.slug}`))
        .body,
    ]);
    // Inside the grace period the session still runs: its fetch must not leak either.
    await expire(t.app.db, session.assessment._id, 2);
    bodies.push([
      'session in grace',
      (await get(learner, `/api/v1/assessment/session/${session.assessment.slug}`)).body,
    ]);
    for (const [label, body] of bodies) expectNoLeak(label, body);

    // The check can fail: once completed, the result does carry them.
    expect((await submit(t.app, learner, session.assessment.slug)).statusCode).toBe(200);
    const result = await get(learner, `/api/v1/assessment/get-session/${session.assessment.slug}`);
    expect(result.body).toContain('ANSWER-SECRET-ONE');
    expect(result.body).toContain('EXPLANATION-SECRET-TWO');
    expect(() => expectNoLeak('result', result.body)).toThrow();
  });
});

describe('another learner’s session is not found, on every endpoint', () => {
  let owner: TestLearner;
  let intruder: TestLearner;
  beforeAll(async () => {
    owner = await createLearner(t.app);
    intruder = await createLearner(t.app);
  });

  it('answers 404 to reads, saves and submits of another learner’s session and changes nothing', async () => {
    const s = await startSession(t.app, owner, subjectQuiz(c));
    const e = s.evaluation.find((x) => x.baseQuestion.options.length > 0)!;
    await save(t.app, owner, { evaluationId: e._id, userAnswer: e.baseQuestion.options[0]! });

    const attempts = [
      ['session', await get(intruder, `/api/v1/assessment/session/${s.assessment.slug}`)],
      ['result', await get(intruder, `/api/v1/assessment/get-session/${s.assessment.slug}`)],
      ['submit', await submit(t.app, intruder, s.assessment.slug)],
      ['save', await save(t.app, intruder, { evaluationId: e._id, userAnswer: e.baseQuestion.options[1]! })],
      ['mark', await save(t.app, intruder, { evaluationId: e._id, markedForReview: true })],
    ] as const;
    for (const [label, res] of attempts) {
      expect(res.statusCode, label).toBe(404);
      expectNoLeak(label, res.body);
      expect(res.body, label).not.toContain(s.assessment.sessionName);
    }
    const row = await storedEvaluation(t.app.db, e._id);
    expect(row).toMatchObject({ userAnswer: e.baseQuestion.options[0], markedForReview: false });
    const [a] = await t.app.db.select().from(assessments).where(eq(assessments.id, s.assessment._id));
    expect(a?.sessionCompleted).toBe(false);

    // Completed, it is still not the intruder's to read; nor is it in the intruder's attempts.
    await submit(t.app, owner, s.assessment.slug);
    expect((await get(intruder, `/api/v1/assessment/get-session/${s.assessment.slug}`)).statusCode).toBe(404);
    const list = await get(
      intruder,
      `/api/v1/assessment/details?entityType=subject&entitySlug=${c.subjects[0]!.slug}`,
    );
    expect(list.json().data).toMatchObject({ assessments: [], total: 0 });
    const own = await get(
      owner,
      `/api/v1/assessment/details?entityType=subject&entitySlug=${c.subjects[0]!.slug}`,
    );
    expect(own.json().data.total).toBe(1);
  });

  it('requires a signed-in, verified learner on every endpoint', async () => {
    const s = await startSession(t.app, owner, subjectQuiz(c));
    const unverified = await createLearner(t.app, { verified: false });
    const calls = [
      { method: 'GET' as const, url: `/api/v1/assessment/session/${s.assessment.slug}` },
      { method: 'GET' as const, url: `/api/v1/assessment/get-session/${s.assessment.slug}` },
      { method: 'POST' as const, url: `/api/v1/assessment/${s.assessment.slug}/submit` },
      {
        method: 'POST' as const,
        url: '/api/v1/evaluations',
        payload: { evaluationId: s.evaluation[0]!._id },
      },
      {
        method: 'GET' as const,
        url: `/api/v1/assessment/details?entityType=subject&entitySlug=${c.subjects[0]!.slug}`,
      },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      expect((await t.app.inject({ ...call, headers: unverified.headers })).statusCode, call.url).toBe(403);
    }
  });
});
