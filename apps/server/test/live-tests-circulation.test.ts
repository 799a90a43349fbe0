import {
  liveTestMessages,
  type CreateAssessmentBody,
  type MistakesData,
  type ReviewSummaryData,
  type SessionData,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { liveTestCommands } from '../src/cli/live-test-commands.js';
import { cancelScheduledTest, scheduleTest } from '../src/services/live-tests/schedule.js';
import { useTestApp } from './helpers/app.js';
import {
  answerKey,
  fetchResult,
  insertCatalogue,
  moduleTest,
  optionQuestions,
  save,
  startSession,
  submit,
  subjectQuiz,
  topicQuiz,
  wrongAnswer,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { closeTest, scheduleOpenTest, startLive } from './helpers/live-tests.js';

// Questions out of circulation (decision 0014, docs/live-tests.md): from its scheduling until its
// results open, a live paper's questions are served by the live test alone — no draw (practice, mock,
// subject or topic quiz, adaptive, review), no check or hint, no AI explanation, no notebook entry.
const t = useTestApp();
let c: TestCatalogue;
let learner: TestLearner;
/** Another learner, whose practice session of the subject was drawn before the paper. */
let early: TestLearner;
/** Drawn before the paper was scheduled: a completed quiz (explain) and a running practice session. */
let pastQuiz: SessionData;
let practiceBefore: SessionData;
let testId: string;
let paper: Set<string>;

const questionIdsOf = async (sessionId: string): Promise<string[]> => {
  const r = await t.app.db.execute(sql`SELECT question_ids FROM assessments WHERE id = ${sessionId}::uuid`);
  return (r.rows[0] as { question_ids: string[] }).question_ids;
};
const start = (who: TestLearner, body: CreateAssessmentBody) =>
  t.app.inject({ method: 'POST', url: '/api/v1/assessment', headers: who.headers, payload: body });
const post = (who: TestLearner, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
const practise = (body: CreateAssessmentBody): CreateAssessmentBody => ({ ...body, type: 'practice' });
const adaptive = (c: TestCatalogue): CreateAssessmentBody => ({
  examSlug: c.exam.slug,
  quizType: 'adaptive',
  moduleSlug: c.module.slug,
  type: 'practice',
});
const review = (c: TestCatalogue): CreateAssessmentBody => ({
  examSlug: c.exam.slug,
  quizType: 'review',
  type: 'practice',
});
/** The positions of a session whose question is (or is not) in the paper. */
async function positionsOf(session: SessionData, inPaper: boolean): Promise<string[]> {
  const ids = await questionIdsOf(session.assessment._id);
  return session.evaluation.filter((_, i) => paper.has(ids[i]!) === inPaper).map((e) => e._id);
}

beforeAll(async () => {
  // Eight questions (two topics); the paper takes five, so a module draw has three left.
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 5, durationMinutes: 60 },
    subjects: [
      {
        name: 'Physics',
        questionCount: 8,
        topics: [
          { name: 'Mechanics', questionCount: 4 },
          { name: 'Optics', questionCount: 4 },
        ],
        questions: [...optionQuestions('Mechanics', 4, 0), ...optionQuestions('Optics', 4, 1)],
      },
    ],
  });
  learner = await createLearner(t.app);
  // Every question answered wrongly: all eight in the review queue and the notebook.
  pastQuiz = await startSession(t.app, learner, subjectQuiz(c));
  const keys = await answerKey(t.app.db, pastQuiz.assessment._id);
  for (const e of pastQuiz.evaluation)
    await save(t.app, learner, { evaluationId: e._id, userAnswer: wrongAnswer(keys.get(e._id)!) });
  expect((await submit(t.app, learner, pastQuiz.assessment.slug)).statusCode).toBe(200);
  await t.app.db.execute(
    sql`UPDATE review_cards SET due = now() - interval '1 hour' WHERE user_id = ${learner.id}`,
  );
  early = await createLearner(t.app);
  practiceBefore = await startSession(t.app, early, practise(subjectQuiz(c)));

  testId = await scheduleOpenTest(t.app.db, c);
  const r = await t.app.db.execute(sql`SELECT question_ids FROM scheduled_tests WHERE id = ${testId}::uuid`);
  paper = new Set((r.rows[0] as { question_ids: string[] }).question_ids);
  expect(paper.size).toBe(5);
});

describe('a live paper is out of circulation while its test is scheduled or open', () => {
  it('a review session and the queue’s counts see only the questions in circulation', async () => {
    // The queue holds all eight wrong answers; three of them are in circulation.
    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/v1/review/summary?examSlug=${c.exam.slug}`,
      headers: learner.headers,
    });
    expect((summary.json() as { data: ReviewSummaryData }).data.dueNow).toBe(3);
    const reviewing = await startSession(t.app, learner, review(c));
    expect(await positionsOf(reviewing, true)).toEqual([]);
    expect(reviewing.evaluation).toHaveLength(3);
    expect((await submit(t.app, learner, reviewing.assessment.slug)).statusCode).toBe(200);
  });

  it('no practice, mock, subject, topic or adaptive draw serves its questions', async () => {
    const other = await createLearner(t.app);
    const draws: CreateAssessmentBody[] = [
      practise(moduleTest(c)),
      moduleTest(c),
      subjectQuiz(c),
      practise(subjectQuiz(c)),
      topicQuiz(c, 0, 0),
      topicQuiz(c, 0, 1),
      adaptive(c),
    ];
    for (const body of draws) {
      for (const who of [learner, other]) {
        const res = await start(who, { ...body, startAfresh: true });
        // A topic the paper took whole (five of eight questions: it may) answers why it is empty.
        if (body.quizType === 'topic' && res.statusCode === 409) {
          expect(res.json().message).toContain('are in a live test until');
          continue;
        }
        expect(res.statusCode, res.body).toBe(201);
        const s = (res.json() as { data: SessionData }).data;
        const ids = await questionIdsOf(s.assessment._id);
        expect(
          ids.filter((id) => paper.has(id)),
          `${body.type} ${body.quizType}`,
        ).toEqual([]);
        // Submitted: its result shows every key (and adaptive draws skip running sessions' questions).
        expect((await submit(t.app, who, s.assessment.slug)).statusCode).toBe(200);
      }
    }
  });

  it('a mock test submitted at once shows no key of the paper: it is a smaller test', async () => {
    const s = await startSession(t.app, learner, moduleTest(c));
    expect(s.evaluation).toHaveLength(3);
    expect((await submit(t.app, learner, s.assessment.slug)).statusCode).toBe(200);
    const result = await fetchResult(t.app, learner, s.assessment.slug);
    const paperTexts = await t.app.db.execute(
      sql`SELECT text FROM questions WHERE id = ANY (${`{${[...paper].join(',')}}`}::uuid[])`,
    );
    const shown = JSON.stringify(result);
    for (const row of paperTexts.rows as { text: string }[]) expect(shown).not.toContain(row.text);
  });

  it('the notebook leaves the paper’s questions out until the close', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mistakes?examSlug=${c.exam.slug}`,
      headers: learner.headers,
    });
    const data = (res.json() as { data: MistakesData }).data;
    expect(data.total).toBe(3);
    expect(data.mistakes.filter((m) => paper.has(m.questionId))).toEqual([]);
  });

  it('a session drawn before the scheduling cannot check, hint or explain a paper question', async () => {
    const [inPaper] = await positionsOf(practiceBefore, true);
    const [outside] = await positionsOf(practiceBefore, false);
    for (const url of [`/api/v1/evaluations/${inPaper}/check`, `/api/v1/evaluations/${inPaper}/hint`]) {
      const res = await post(early, url, url.endsWith('check') ? { confidence: 'sure' } : { level: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        /^This question is in a live test: its answer, explanation and hints open at/,
      );
      expect(res.json().data).toBeNull();
      expect(JSON.stringify(res.json())).not.toContain('right');
    }
    expect(
      (await post(early, `/api/v1/evaluations/${outside}/check`, { confidence: 'sure' })).statusCode,
    ).toBe(200);

    const [pastInPaper] = await positionsOf(pastQuiz, true);
    const [pastOutside] = await positionsOf(pastQuiz, false);
    const refused = await post(learner, `/api/v1/evaluations/${pastInPaper}/explain`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('This question is in a live test');
    expect(Date.parse(refused.json().availableAt)).toBeGreaterThan(Date.now() + 3600_000);
    expect((await post(learner, `/api/v1/evaluations/${pastOutside}/explain`)).statusCode).toBe(200);
  });

  it('the live test itself serves the whole paper', async () => {
    const res = await startLive(t.app, learner, c, testId);
    expect(res.statusCode).toBe(201);
    const s = (res.json() as { data: SessionData }).data;
    expect(new Set(await questionIdsOf(s.assessment._id))).toEqual(paper);
  });

  it('a second paper of the module takes the free questions first, and counts what it must share', async () => {
    const hour = 3600_000;
    const second = await scheduleTest(t.app.db, {
      moduleSlug: c.module.slug,
      opensAt: new Date(Date.now() + hour),
      closesAt: new Date(Date.now() + 3 * hour),
    });
    // Three questions are in no paper; the other two it needs are also in the open one.
    expect(second).toMatchObject({ questions: 5, shared: 2 });
    const r = await t.app.db.execute(
      sql`SELECT question_ids FROM scheduled_tests WHERE id = ${second.id}::uuid`,
    );
    const ids = (r.rows[0] as { question_ids: string[] }).question_ids;
    expect(ids.filter((id) => !paper.has(id))).toHaveLength(3);
    await cancelScheduledTest(t.app.db, second.id);
  });

  it('a module whose every question is in a live paper answers a clear 409 with when they return', async () => {
    const small = await insertCatalogue(t.app.db, {
      module: { questionCount: 3, durationMinutes: 30 },
      subjects: [{ name: 'Chemistry', questionCount: 3, questions: 3 }],
    });
    const id = await scheduleOpenTest(t.app.db, small);
    for (const body of [moduleTest(small), practise(subjectQuiz(small))]) {
      const res = await start(learner, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        /^The questions of (JEE Main|Chemistry) are in a live test until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Please choose another quiz, or come back then\.$/,
      );
      expect(res.json().message).toBe(
        liveTestMessages.scopeInLiveTest(
          body.quizType === 'module' ? small.module.name : 'Chemistry',
          new Date(res.json().availableAt),
        ),
      );
    }
    // Cancelled before it opens: its paper is back at once.
    await t.app.db.execute(
      sql`UPDATE scheduled_tests SET opens_at = now() + interval '1 hour' WHERE id = ${id}::uuid`,
    );
    await cancelScheduledTest(t.app.db, id);
    expect((await start(learner, moduleTest(small))).statusCode).toBe(201);
  });

  it('once the results open the paper is back: drawn, checked and explained again', async () => {
    await closeTest(t.app.db, testId);
    const s = await startSession(t.app, learner, practise(subjectQuiz(c)));
    expect(s.evaluation).toHaveLength(8);
    const [inPaper] = await positionsOf(s, true);
    expect(
      (await post(learner, `/api/v1/evaluations/${inPaper}/check`, { confidence: 'sure' })).statusCode,
    ).toBe(200);
    const [pastInPaper] = await positionsOf(pastQuiz, true);
    expect((await post(learner, `/api/v1/evaluations/${pastInPaper}/explain`)).statusCode).toBe(200);
  });
});

describe('tests schedule', () => {
  it('warns when a paper must share questions with another test not yet closed', async () => {
    const bank = await insertCatalogue(t.app.db, {
      module: { questionCount: 4, durationMinutes: 60 },
      subjects: [{ name: 'Biology', questionCount: 4, questions: 6 }],
    });
    const schedule = async (opensInHours: number) => {
      const out: string[] = [];
      vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
      const at = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
      const args = [
        'schedule',
        '--module',
        bank.module.slug,
        '--opens',
        at(opensInHours),
        '--closes',
        at(opensInHours + 2),
      ];
      const code = await liveTestCommands.tests!.run({ config: t.config, database: t.database, args });
      vi.restoreAllMocks();
      expect(code).toBe(0);
      return out.join('\n');
    };
    expect(await schedule(1)).not.toContain('Warning');
    // Six questions, four in the first paper: the second takes the two free ones and two shared.
    expect(await schedule(4)).toContain(
      'Warning: 2 of them are also in another live test not yet closed (the module has too few others)',
    );
  });
});
