import { brotliDecompressSync } from 'node:zlib';
import type { CreateAssessmentBody, SessionData } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  insertCatalogue,
  moduleTest,
  optionQuestions,
  startSession,
  subjectQuiz,
  submit,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
import { closeAllTests, scheduleOpenTest } from './helpers/live-tests.js';

// Papers drawn ahead per module mock test (docs/decisions/0029-papers-drawn-ahead.md): a start takes a
// stored variant in one statement and answers its prebuilt body; every rule of the draw still holds.
const POOL = 4;
const t = useTestApp({ PAPER_POOL_SIZE: String(POOL) });

interface SessionRow {
  question_ids: string[];
  question_versions: number[];
  paper_variant_id: string | null;
  options: string[][];
}
const rowOf = async (id: string): Promise<SessionRow> => {
  const r = await t.app.db.execute(sql`
    SELECT a.question_ids, a.question_versions, a.paper_variant_id, s.options FROM assessments a
    JOIN answer_sheets s ON s.assessment_id = a.id WHERE a.id = ${id}::uuid`);
  return r.rows[0] as unknown as SessionRow;
};
const variants = async (c: TestCatalogue) => {
  const r = await t.app.db.execute(
    sql`SELECT id, question_ids FROM paper_variants WHERE module_id = ${c.module.id}::uuid`,
  );
  return r.rows as { id: string; question_ids: string[] }[];
};
const getSession = async (who: TestLearner, slug: string): Promise<SessionData> => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/assessment/session/${slug}`,
    headers: who.headers,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: SessionData }).data;
};
/** A start whose module was asked for once, so the refill job knows it, then the pool filled. */
async function filledPool(c: TestCatalogue): Promise<void> {
  const first = await createLearner(t.app);
  await startSession(t.app, first, moduleTest(c));
  await t.app.quiz.refillPools(60_000);
  expect(await variants(c)).toHaveLength(POOL);
}

let c: TestCatalogue;
beforeEach(async () => {
  // Two subjects of twelve questions, six drawn from each: variants differ from one another.
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 12, durationMinutes: 60 },
    subjects: ['Physics', 'Chemistry'].map((name) => ({
      name,
      questionCount: 6,
      questions: optionQuestions(name, 12),
    })),
  });
});

describe('papers drawn ahead', () => {
  it('an empty pool draws afresh; once filled, a start takes a variant and answers what a read shows', async () => {
    const learner = await createLearner(t.app);
    const fresh = await startSession(t.app, learner, moduleTest(c));
    expect((await rowOf(fresh.assessment._id)).paper_variant_id).toBeNull();
    await t.app.quiz.refillPools(60_000);
    const pool = await variants(c);
    expect(pool).toHaveLength(POOL);

    const other = await createLearner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assessment',
      headers: { ...other.headers, 'accept-encoding': 'br' },
      payload: moduleTest(c),
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(res.rawPayload).toString();
    const started = (JSON.parse(body) as { message: string; data: SessionData }).data;
    const row = await rowOf(started.assessment._id);
    expect(pool.map((v) => v.id)).toContain(row.paper_variant_id);
    expect(started.evaluation).toHaveLength(12);
    // The same paper, ids, options in this taker's order and sections as the session read back.
    const read = await getSession(other, started.assessment.slug);
    expect(started.evaluation).toEqual(read.evaluation);
    expect(started.sections).toEqual(read.sections);
    const { serverTime, ...assessment } = started.assessment;
    expect(serverTime).toBeTruthy();
    expect(assessment).toEqual({ ...read.assessment, serverTime: undefined });
    expect(started.evaluation.map((e) => e.baseQuestion.options)).toEqual(row.options);
    // Nothing but what a learner may see: no key, no explanation.
    expect(body).not.toMatch(/baseAnswer|explanation|Because/);
  });

  it('a question edited, retired or deleted takes its variants out of the pool at once', async () => {
    await filledPool(c);
    const [first] = await variants(c);
    const edited = first!.question_ids[0]!;
    await t.app.db.execute(sql`UPDATE questions SET text = text || ' (edited)' WHERE id = ${edited}::uuid`);
    const left = await variants(c);
    expect(left.every((v) => !v.question_ids.includes(edited))).toBe(true);
    expect(left.length).toBeLessThan(POOL);

    const retired = left[0]?.question_ids[0];
    if (retired) {
      await t.app.db.execute(sql`UPDATE questions SET status = 'retired' WHERE id = ${retired}::uuid`);
      expect((await variants(c)).every((v) => !v.question_ids.includes(retired))).toBe(true);
    }
    // The refill draws new variants of approved questions only, at their new versions.
    await t.app.quiz.refillPools(60_000);
    const learner = await createLearner(t.app);
    const s = await startSession(t.app, learner, moduleTest(c));
    const row = await rowOf(s.assessment._id);
    expect(row.paper_variant_id).not.toBeNull();
    expect(row.question_ids).not.toContain(retired);
    const at = row.question_ids.indexOf(edited);
    if (at >= 0) {
      expect(s.evaluation[at]!.baseQuestion.questionText).toMatch(/\(edited\)$/);
      const v = await t.app.db.execute(sql`SELECT version FROM questions WHERE id = ${edited}::uuid`);
      expect(row.question_versions[at]).toBe((v.rows[0] as { version: number }).version);
    }
  });

  it('skips a variant holding a live paper’s question; none left: draws afresh without them', async () => {
    await filledPool(c);
    await scheduleOpenTest(t.app.db, c);
    const paper = await t.app.db.execute(
      sql`SELECT question_ids FROM scheduled_tests WHERE module_id = ${c.module.id}::uuid`,
    );
    const held = new Set((paper.rows[0] as { question_ids: string[] }).question_ids);
    for (let i = 0; i < 3; i++) {
      const learner = await createLearner(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/assessment',
        headers: learner.headers,
        payload: moduleTest(c),
      });
      // The paper takes 12 of 24: what is left is drawn afresh, or 409 when nothing is.
      if (res.statusCode !== 201) continue;
      const row = await rowOf((res.json() as { data: SessionData }).data.assessment._id);
      expect(row.question_ids.some((id) => held.has(id))).toBe(false);
    }
    await closeAllTests(t.app.db);
  });

  it("leaves out the learner's running timed test's questions and the variants they met lately", async () => {
    await filledPool(c);
    const learner = await createLearner(t.app);
    const quiz = await startSession(t.app, learner, subjectQuiz(c, 0));
    const running = new Set((await rowOf(quiz.assessment._id)).question_ids);
    const s = await startSession(t.app, learner, moduleTest(c));
    const row = await rowOf(s.assessment._id);
    expect(row.question_ids.some((id) => running.has(id))).toBe(false);
    await submit(t.app, learner, quiz.assessment.slug);

    // Met variants are not taken again while others remain.
    const met = new Set<string>();
    for (let i = 0; i < POOL; i++) {
      const again = await startSession(t.app, learner, moduleTest(c));
      const variant = (await rowOf(again.assessment._id)).paper_variant_id;
      if (variant) {
        expect(met.has(variant)).toBe(false);
        met.add(variant);
      }
    }
  });

  it('shows each taker one of several option orders, or the bank order when the exam keeps it', async () => {
    await filledPool(c);
    const orders = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const s = await startSession(t.app, await createLearner(t.app), moduleTest(c));
      orders.add(JSON.stringify(s.evaluation.map((e) => e.baseQuestion.options)));
    }
    expect(orders.size).toBeGreaterThan(1);

    await t.app.db.execute(sql`UPDATE exams SET shuffle_options = false WHERE id = ${c.exam.id}::uuid`);
    // The pool of shuffled variants no longer fits: the first start draws afresh, the refill keeps order.
    await startSession(t.app, await createLearner(t.app), moduleTest(c));
    await t.app.quiz.refillPools(60_000);
    const kept = await startSession(t.app, await createLearner(t.app), moduleTest(c));
    expect((await rowOf(kept.assessment._id)).paper_variant_id).not.toBeNull();
    for (const e of kept.evaluation) expect(e.baseQuestion.options[0]).toMatch(/ right$/);
  });

  it('practice sessions start from the pool unchecked, and racing starts make one session', async () => {
    await filledPool(c);
    const learner = await createLearner(t.app);
    const practice: CreateAssessmentBody = { ...moduleTest(c), type: 'practice' };
    await startSession(t.app, learner, practice);
    await t.app.quiz.refillPools(60_000);
    const s = await startSession(t.app, await createLearner(t.app), practice);
    expect(s.assessment.mode).toBe('practice');
    expect(s.evaluation[0]).toMatchObject({ locked: false, hintsGiven: 0, feedback: null });

    const racer = await createLearner(t.app);
    const both = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/assessment',
          headers: racer.headers,
          payload: moduleTest(c),
        }),
      ),
    );
    const slugs = new Set(both.map((r) => (r.json() as { data: SessionData }).data.assessment.slug));
    expect(slugs.size).toBe(1);
  });

  it('a variant stored by another instance (or before a restart) is answered from its row', async () => {
    await filledPool(c);
    // Variants this instance never built a body for: drawn straight into the table.
    await t.app.db.execute(sql`DELETE FROM paper_variants WHERE module_id = ${c.module.id}::uuid`);
    const { drawVariant } = await import('../src/services/quiz/paper-pool.js');
    const { resolveScope } = await import('../src/services/quiz/scope.js');
    const learner = await createLearner(t.app);
    const scope = await resolveScope(t.app.db, moduleTest(c), new Date(), learner.id);
    expect(await drawVariant(t.app.db, scope)).toBe(true);
    const s = await startSession(t.app, learner, moduleTest(c));
    expect((await rowOf(s.assessment._id)).paper_variant_id).not.toBeNull();
    expect(s.evaluation).toEqual((await getSession(learner, s.assessment.slug)).evaluation);
  });
});
