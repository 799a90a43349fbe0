import type {
  AdminQuestion,
  KeyCorrectionResult,
  ReportsPage,
  SessionData,
  AuditPage,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { createStaff } from './helpers/console.js';
import {
  answerKey,
  fetchResult,
  insertCatalogue,
  save,
  startSession,
  submit,
  subjectQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { closeTest, rankingOf, scheduleOpenTest, startLive } from './helpers/live-tests.js';

// docs/product.md#key-corrections from the console: the reports queue, the question as learners saw it,
// and key corrections with a dry run that writes nothing, on the same service as the CLI.
const t = useTestApp();
type Headers = Record<string, string>;

const post = (headers: Headers, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers, payload });
const get = (headers: Headers, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers });
const correct = (headers: Headers, questionId: string, payload: object) =>
  post(headers, `/questions/${questionId}/key-corrections`, payload);

/** Everything a correction could write, as one comparable value. */
async function stored() {
  const result = await t.app.db.execute(sql`SELECT
    (SELECT count(*) FROM audit_log)::int AS audit,
    (SELECT count(*) FROM key_corrections)::int AS corrections,
    (SELECT count(*) FROM session_corrections)::int AS notes,
    (SELECT count(*) FROM question_reports WHERE status = 'open')::int AS open_reports,
    (SELECT string_agg(id::text || '=' || coalesce(score::text, '-') || scores::text, ',' ORDER BY id)
      FROM assessments) AS scores,
    (SELECT string_agg(test_id::text || user_id::text || '=' || rank || '/' || percentile || '/' ||
      coalesce(rank_before::text, '-'), ',' ORDER BY test_id, user_id) FROM live_test_rankings) AS ranks,
    (SELECT string_agg(id::text || key::text || coalesce(dropped_at::text, '-'), ',' ORDER BY id)
      FROM questions) AS keys,
    (SELECT string_agg(user_id::text || entity_id::text || '=' || total_score, ',' ORDER BY user_id, entity_id)
      FROM performance_records) AS records`);
  return result.rows[0] as Record<string, unknown>;
}
const auditRows = async () =>
  Number(
    ((await t.app.db.execute(sql`SELECT count(*)::int AS n FROM audit_log`)).rows[0] as { n: number }).n,
  );

describe('a live test whose key was wrong', () => {
  let c: TestCatalogue;
  let testId: string;
  let editor: TestLearner;
  const takers: Record<'top' | 'chose' | 'blank', TestLearner> = {} as never;
  let chemistry: string;
  let choseSlug: string;

  /** Right everywhere except Chemistry, where `chem` is the answer ('wrong a' is the truly right one). */
  async function take(who: TestLearner, chem: string | null): Promise<SessionData> {
    const res = await startLive(t.app, who, c, testId);
    const s = (res.json() as { data: SessionData }).data;
    const keys = await answerKey(t.app.db, s.assessment._id);
    for (const e of s.evaluation) {
      const isChem = e.baseQuestion.questionText === 'Chemistry question 1';
      const answer = isChem ? chem : keys.get(e._id)!.answer;
      if (answer) await save(t.app, who, { evaluationId: e._id, userAnswer: answer });
    }
    await submit(t.app, who, s.assessment.slug);
    return s;
  }

  beforeAll(async () => {
    c = await insertCatalogue(t.app.db, {
      module: { questionCount: 3, durationMinutes: 30 },
      subjects: [
        { name: 'Physics', questions: 2 },
        { name: 'Chemistry', questions: 1 },
      ],
    });
    chemistry = c.subjects[1]!.questionIds[0]!;
    editor = await createStaff(t.app, 'editor');
    testId = await scheduleOpenTest(t.app.db, c);
    takers.top = await createLearner(t.app, { name: 'Top' });
    takers.chose = await createLearner(t.app, { name: 'Chose' });
    takers.blank = await createLearner(t.app, { name: 'Blank' });
    await take(takers.top, 'Chemistry 1 right'); // 12
    choseSlug = (await take(takers.chose, 'Chemistry 1 wrong a')).assessment.slug; // 4 + 4 − 1 = 7
    await take(takers.blank, null); // 8
    await closeTest(t.app.db, testId);
    await t.app.liveTests.rankDue();
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/v1/questions/${chemistry}/reports`,
      headers: takers.chose.headers,
      payload: { reason: 'wrong-key', note: 'Option a is right: see NCERT p. 12' },
    });
    expect(report.statusCode).toBe(200);
  });

  it('lists the report in the queue, grouped by question, and shows the question as learners saw it', async () => {
    const res = await get(editor.headers, '/reports?status=open&limit=100');
    expect(res.statusCode).toBe(200);
    const queue = res.json().data as ReportsPage;
    const group = queue.rows.find((row) => row.id === chemistry)!;
    expect(group).toMatchObject({
      questionText: 'Chemistry question 1',
      subject: 'Chemistry',
      type: 'single',
      total: 1,
      reasons: { 'wrong-key': 1 },
    });
    expect(group.reports[0]).toMatchObject({
      reason: 'wrong-key',
      note: 'Option a is right: see NCERT p. 12',
      status: 'open',
      reporter: { id: takers.chose.id, name: 'Chose', email: takers.chose.email },
    });

    const question = (await get(editor.headers, `/questions/${chemistry}`)).json().data as AdminQuestion;
    expect(question).toMatchObject({
      text: 'Chemistry question 1',
      options: ['Chemistry 1 right', 'Chemistry 1 wrong a', 'Chemistry 1 wrong b'],
      explanation: 'Because Chemistry 1.',
      key: { type: 'single', answer: 'Chemistry 1 right' },
      keyText: 'Chemistry 1 right',
      openReports: 1,
      completedSessions: 3,
      droppedAt: null,
    });
  });

  it('a dry run lists exactly the learners whose score changes and the rank moves, and writes nothing', async () => {
    const before = await stored();
    const res = await correct(editor.headers, chemistry, {
      answer: 'Chemistry 1 wrong a',
      reason: 'The key named the wrong option',
      dryRun: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as KeyCorrectionResult;
    expect(data).toMatchObject({
      dryRun: true,
      correctionId: null,
      before: 'Chemistry 1 right',
      after: 'Chemistry 1 wrong a',
      sessions: 3,
      changed: 2,
      learners: 2,
      reportsResolved: 1,
    });
    const byName = (name: string) => data.changes.find((change) => change.learner.name === name);
    expect(data.changes).toHaveLength(2);
    expect(byName('Top')).toMatchObject({ scoreBefore: 12, scoreAfter: 7, liveTest: expect.any(String) });
    expect(byName('Chose')).toMatchObject({ scoreBefore: 7, scoreAfter: 12 });
    expect(data.liveTests).toHaveLength(1);
    const moves = data.liveTests[0]!.moves;
    expect(moves.map((m) => m.learner.email).sort()).toEqual([takers.top.email, takers.chose.email].sort());
    expect(moves.find((m) => m.learner.id === takers.chose.id)).toMatchObject({
      rankBefore: 3,
      rankAfter: 1,
      percentileAfter: 100,
      scoreBefore: 7,
      scoreAfter: 12,
    });
    expect(moves.find((m) => m.learner.id === takers.top.id)).toMatchObject({ rankBefore: 1, rankAfter: 3 });
    // Nothing at all was written: not the key, a score, a rank, a report, a note or an audit row.
    expect(await stored()).toEqual(before);
    expect((await rankingOf(t.app, takers.chose, testId)).json().data.you).toMatchObject({ rank: 3 });
  });

  it('applying it rescores, re-ranks, resolves the reports, tells the learners and writes one audit row', async () => {
    const audits = await auditRows();
    const res = await correct(editor.headers, chemistry, {
      answer: 'Chemistry 1 wrong a',
      reason: 'The key named the wrong option',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as KeyCorrectionResult;
    expect(data).toMatchObject({ dryRun: false, changed: 2, reportsResolved: 1 });
    expect(data.correctionId).toEqual(expect.any(String));
    expect(data.liveTests[0]!.moves).toHaveLength(2);

    const chose = (await rankingOf(t.app, takers.chose, testId)).json().data.you;
    expect(chose).toMatchObject({ rank: 1, score: 12 });
    expect(chose.rankChanged).toMatchObject({ rankBefore: 3, rankAfter: 1 });
    expect((await rankingOf(t.app, takers.top, testId)).json().data.you).toMatchObject({ rank: 3, score: 7 });
    expect((await rankingOf(t.app, takers.blank, testId)).json().data.you).toMatchObject({
      rank: 2,
      rankChanged: null,
    });

    // Told as the CLI tells them: the result says what changed and why.
    expect((await fetchResult(t.app, takers.chose, choseSlug)).corrections).toEqual([
      expect.objectContaining({
        kind: 'key',
        reason: 'The key named the wrong option',
        scoreBefore: -1,
        scoreAfter: 4,
      }),
    ]);
    expect(await auditRows()).toBe(audits + 1);
    const log = (
      await get((await createStaff(t.app, 'admin')).headers, `/audit?object=question:${chemistry}`)
    ).json().data as AuditPage;
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({
      action: 'question.key-correct',
      actor: editor.email,
      reason: 'The key named the wrong option',
      before: { key: { type: 'single', answer: 'Chemistry 1 right' } },
      after: { key: { type: 'single', answer: 'Chemistry 1 wrong a' }, sessionsRescored: 2 },
    });

    const open = (await get(editor.headers, '/reports?limit=100')).json().data as ReportsPage;
    expect(open.rows.map((row) => row.id)).not.toContain(chemistry);
    const resolved = (await get(editor.headers, '/reports?status=resolved&limit=100')).json()
      .data as ReportsPage;
    expect(resolved.rows.find((row) => row.id === chemistry)?.reports[0]).toMatchObject({
      status: 'resolved',
      resolution: 'key corrected: The key named the wrong option',
    });
    expect((await get(editor.headers, `/questions/${chemistry}`)).json().data).toMatchObject({
      keyText: 'Chemistry 1 wrong a',
      openReports: 0,
    });
  });
});

describe('every kind of correction', () => {
  let c: TestCatalogue;
  let editor: TestLearner;
  let learner: TestLearner;
  let slug: string;
  const id = (i: number) => c.subjects[0]!.questionIds[i]!;

  beforeAll(async () => {
    c = await insertCatalogue(t.app.db, {
      subjects: [
        {
          name: 'Mixed',
          questionCount: 4,
          questions: [
            { text: 'Pick one', options: ['A1', 'B1', 'C1'], answer: 'A1' },
            {
              text: 'Pick many',
              options: ['A', 'B', 'C', 'D'],
              key: { type: 'multiple', answers: ['A', 'B'] },
            },
            { text: 'How much?', options: [], key: { type: 'numerical', min: 2.5, max: 2.5, value: 2.5 } },
            { text: 'Capital?', options: [], key: { type: 'text', answers: ['Paris'], wildcard: false } },
          ],
        },
      ],
    });
    editor = await createStaff(t.app, 'editor');
    learner = await createLearner(t.app);
    const s = await startSession(t.app, learner, subjectQuiz(c));
    const answers: Record<string, string | string[]> = {
      'Pick one': 'B1',
      'Pick many': ['A', 'C'],
      'How much?': '2.6',
      'Capital?': 'Lyon',
    };
    for (const e of s.evaluation)
      await save(t.app, learner, { evaluationId: e._id, userAnswer: answers[e.baseQuestion.questionText]! });
    await submit(t.app, learner, s.assessment.slug);
    slug = s.assessment.slug;
  });

  /** Applies a correction; the learner's one session moves by the returned difference. */
  async function apply(questionId: string, payload: object) {
    const res = await correct(editor.headers, questionId, { reason: 'checked with the paper', ...payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as KeyCorrectionResult;
  }
  const scoreNow = async () => (await fetchResult(t.app, learner, slug)).assessment.score;

  it('single, multiple, value ± tolerance, range, typed answers and a drop each rescore the session', async () => {
    let score = (await scoreNow()) ?? 0;
    const step = async (questionId: string, payload: object, after: string | null, up: boolean) => {
      const done = await apply(questionId, payload);
      expect(done.after).toBe(after);
      expect(done.changed).toBe(1);
      const change = done.changes[0]!;
      expect(change.scoreBefore).toBe(score);
      expect(up ? change.scoreAfter > score : change.scoreAfter < score).toBe(true);
      score = change.scoreAfter;
      expect(await scoreNow()).toBe(score);
    };
    await step(id(0), { answer: 'B1' }, 'B1', true);
    await step(id(1), { answers: ['A', 'C'] }, 'A; C', true);
    await step(id(2), { value: 2.5, tolerance: 0.1 }, '2.5 ± 0.1', true);
    await step(id(2), { range: [3, 4] }, '3 to 4', false);
    await step(id(3), { answers: ['Lyon', 'Lugdunum'] }, 'Lyon', true);
    await step(id(2), { drop: true }, null, true);
    expect((await get(editor.headers, `/questions/${id(3)}`)).json().data.key).toEqual({
      type: 'text',
      answers: ['Lyon', 'Lugdunum'],
      wildcard: false,
    });
    const result = await fetchResult(t.app, learner, slug);
    expect(result.corrections.map((note) => note.kind)).toContain('drop');
  });

  it('refuses what does not fit, an unknown question and callers without the role, writing nothing', async () => {
    const before = await stored();
    const learnerHeaders = learner.headers;
    const teacher = await createStaff(t.app, 'teacher');
    const body = { answer: 'A1', reason: 'x', dryRun: true };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/questions/${id(0)}/key-corrections`,
          payload: body,
        })
      ).statusCode,
    ).toBe(401);
    expect((await correct(learnerHeaders, id(0), body)).statusCode).toBe(403);
    expect((await correct(teacher.headers, id(0), body)).statusCode).toBe(403);
    expect((await get(learnerHeaders, '/reports')).statusCode).toBe(403);
    expect((await get(learnerHeaders, `/questions/${id(0)}`)).statusCode).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await correct(editor.headers, unknown, body)).statusCode).toBe(404);
    expect((await get(editor.headers, `/questions/${unknown}`)).statusCode).toBe(404);
    expect((await post(editor.headers, `/reports/${unknown}/resolve`, {})).statusCode).toBe(404);
    const refused = async (questionId: string, payload: object, status = 400) => {
      const res = await correct(editor.headers, questionId, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ data: null, message: expect.any(String) });
      return res.json().message as string;
    };
    await refused(id(0), { answer: 'A1' }); // no reason
    await refused(id(0), { answer: 'A1', reason: '   ' });
    await refused(id(0), { answer: 'A1', drop: true, reason: 'x' }); // two choices
    await refused(id(0), { range: [4, 3], reason: 'x' });
    await refused('not-a-uuid', { answer: 'A1', reason: 'x' });
    expect(await refused(id(0), { answer: 'Z9', reason: 'x' })).toBe('not among the options: Z9');
    expect(await refused(id(0), { answers: ['A1'], reason: 'x' })).toBe(
      'the question is single; the new key is multiple',
    );
    expect(await refused(id(1), { value: 3, reason: 'x' })).toContain('the question is multiple');
    await refused(id(2), { drop: true, reason: 'x' }, 409); // dropped already
    // An admin may do what an editor does.
    const admin = await createStaff(t.app, 'admin');
    expect((await correct(admin.headers, id(0), { ...body, answer: 'C1' })).statusCode).toBe(200);
    expect(await stored()).toEqual(before);
  });

  it('resolves and dismisses reports with an audit row; nothing open writes nothing', async () => {
    const report = (questionId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/questions/${questionId}/reports`,
        headers: learner.headers,
        payload: { reason: 'typo', note: 'spelling' },
      });
    expect((await report(id(0))).statusCode).toBe(200);
    const audits = await auditRows();
    const res = await post(editor.headers, `/reports/${id(0)}/resolve`, {
      dismiss: true,
      note: 'not a typo',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Dismissed 1 open report.', data: { resolved: 1 } });
    expect(await auditRows()).toBe(audits + 1);
    const again = await post(editor.headers, `/reports/${id(0)}/resolve`, {});
    expect(again.json().data.resolved).toBe(0);
    expect(await auditRows()).toBe(audits + 1);
    const resolved = (await get(editor.headers, '/reports?status=resolved&limit=100')).json()
      .data as ReportsPage;
    expect(resolved.rows.find((row) => row.id === id(0))?.reports[0]?.resolution).toBe(
      'dismissed: not a typo',
    );
  });
});
