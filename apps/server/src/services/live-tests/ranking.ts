import { DISTRIBUTION_BUCKETS, TOP_GROUP_SHARE } from '@ai-tutor/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { PaperSubject, RankingSummary } from '../../db/schema.js';
import { sweepExpired } from '../quiz/complete.js';
import type { QuizHooks } from '../quiz/hooks.js';
import { countLiveTestRecords } from './records.js';
import { GRACE_SECONDS_AFTER_CLOSE } from './timing.js';
import { queueLiveTestHistory } from '../review/history-queue.js';
import { storeItemAnalysis } from '../analysis/stored-item-analysis.js';

/**
 * Ranking a live test (docs/product.md#live-test-rules), once, after its close: every session of the test is completed
 * first (the sweep; a session's deadline is never after the close), then one statement ranks the
 * takers — competition ranking (ties share a rank: 1, 1, 3) and NTA's percentile, 100 × (takers with a
 * score ≤ yours) / takers = 100 × (takers − rank + 1) / takers — and the figures every taker shares
 * are stored with the test. Its item analysis is stored just before, by the same job, once the
 * sessions are completed (docs/item-analysis.md#when-it-is-computed).
 * A key correction re-ranks and re-analyses (rerankTestsWithQuestion), keeping each moved taker's
 * previous rank.
 */

/** Writes (or rewrites) the test's ranking rows; a taker whose rank moves keeps the old one. */
async function writeRanks(tx: DbOrTx, testId: string): Promise<void> {
  await tx.execute(sql`
    WITH fresh AS (
      SELECT a.user_id, a.id, a.score, rank() OVER (ORDER BY a.score DESC) AS rnk, count(*) OVER () AS takers
      FROM assessments a
      WHERE a.scheduled_test_id = ${testId}::uuid AND a.session_completed AND a.score IS NOT NULL
    )
    INSERT INTO live_test_rankings AS r (test_id, user_id, assessment_id, score, rank, percentile)
    SELECT ${testId}::uuid, user_id, id, score, rnk, (100.0 * (takers - rnk + 1) / takers)::float8 FROM fresh
    ON CONFLICT (test_id, user_id) DO UPDATE SET
      rank_before = CASE WHEN r.rank <> excluded.rank THEN r.rank ELSE r.rank_before END,
      percentile_before = CASE WHEN r.rank <> excluded.rank THEN r.percentile ELSE r.percentile_before END,
      score_before = CASE WHEN r.rank <> excluded.rank THEN r.score ELSE r.score_before END,
      rank_changed_at = CASE WHEN r.rank <> excluded.rank THEN now() ELSE r.rank_changed_at END,
      score = excluded.score, rank = excluded.rank, percentile = excluded.percentile`);
}

export interface SubjectTotals {
  subjectId: string;
  questions: number;
  answered: number;
  correct: number;
  seconds: number;
}

/**
 * Per subject, over the sessions `from` and `where` select (an alias `a` of assessments): answered
 * questions, those given marks (> 0), seconds spent, and question slots.
 */
export async function subjectTotals(db: DbOrTx, from: SQL, where: SQL): Promise<SubjectTotals[]> {
  const result = await db.execute(sql`
    SELECT q.subject_id,
      count(*)::int AS slots,
      count(*) FILTER (WHERE jsonb_typeof(a.scores -> (u.pos::int - 1)) = 'number')::int AS answered,
      count(*) FILTER (WHERE (a.scores ->> (u.pos::int - 1))::numeric > 0)::int AS correct,
      coalesce(sum(u.seconds), 0)::float8 AS seconds
    FROM ${from}
    JOIN answer_sheets sh ON sh.assessment_id = a.id
    CROSS JOIN LATERAL unnest(a.question_ids, sh.time_spent) WITH ORDINALITY AS u(question_id, seconds, pos)
    JOIN questions q ON q.id = u.question_id
    WHERE ${where}
    GROUP BY q.subject_id`);
  return (
    result.rows as { subject_id: string; slots: number; answered: number; correct: number; seconds: number }[]
  ).map((r) => ({
    subjectId: r.subject_id,
    questions: Number(r.slots),
    answered: Number(r.answered),
    correct: Number(r.correct),
    seconds: Number(r.seconds),
  }));
}

const round1 = (n: number) => Math.round(n * 10) / 10;
export const figuresOf = (t: SubjectTotals | undefined) => ({
  accuracyPercent: t && t.answered > 0 ? round1((100 * t.correct) / t.answered) : 0,
  averageSecondsPerQuestion: t && t.questions > 0 ? round1(t.seconds / t.questions) : 0,
});

/** Buckets of width ⌈full marks / DISTRIBUTION_BUCKETS⌉ from the lowest score (or 0) to full marks. */
export function distributionOf(counts: { score: number; count: number }[], maxScore: number) {
  const width = Math.max(1, Math.ceil(maxScore / DISTRIBUTION_BUCKETS));
  const lowest = Math.min(0, ...counts.map((c) => c.score));
  const start = Math.floor(lowest / width) * width;
  const buckets: { from: number; to: number; count: number }[] = [];
  for (let from = start; from < maxScore || buckets.length === 0; from += width)
    buckets.push({ from, to: Math.min(from + width, maxScore), count: 0 });
  for (const { score, count } of counts) {
    const i = Math.min(buckets.length - 1, Math.max(0, Math.floor((score - start) / width)));
    buckets[i]!.count += count;
  }
  return buckets;
}

async function summarise(tx: DbOrTx, testId: string): Promise<RankingSummary> {
  const [test] = (
    await tx.execute(
      sql`SELECT total_marks, paper::text AS paper_json FROM scheduled_tests WHERE id = ${testId}::uuid`,
    )
  ).rows as { total_marks: number; paper_json: string }[];
  const paper = JSON.parse(test!.paper_json) as PaperSubject[];
  const counts = (
    await tx.execute(sql`
      SELECT score, count(*)::int AS count FROM live_test_rankings WHERE test_id = ${testId}::uuid
      GROUP BY score`)
  ).rows as { score: number; count: number }[];
  const takers = counts.reduce((n, c) => n + Number(c.count), 0);
  const topCut = Math.max(1, Math.ceil(takers * TOP_GROUP_SHARE));
  const [top] = (
    await tx.execute(sql`
      SELECT count(*)::int AS takers, coalesce(avg(score), 0)::float8 AS average, coalesce(min(score), 0)::int AS lowest
      FROM live_test_rankings WHERE test_id = ${testId}::uuid AND rank <= ${topCut}::int`)
  ).rows as { takers: number; average: number; lowest: number }[];
  const totals = await subjectTotals(
    tx,
    sql`live_test_rankings r JOIN assessments a ON a.id = r.assessment_id`,
    sql`r.test_id = ${testId}::uuid AND r.rank <= ${topCut}::int`,
  );
  const names = (
    await tx.execute(sql`
      SELECT id, name FROM subjects WHERE id IN (${sql.join(
        paper.map((p) => sql`${p.subjectId}::uuid`),
        sql`, `,
      )})`)
  ).rows as { id: string; name: string }[];
  return {
    takers,
    distribution: distributionOf(
      counts.map((c) => ({ score: Number(c.score), count: Number(c.count) })),
      Number(test!.total_marks),
    ),
    topTenPercent: {
      takers: Number(top?.takers ?? 0),
      averageScore: round1(Number(top?.average ?? 0)),
      minScore: Number(top?.lowest ?? 0),
    },
    subjects: paper.map((p) => ({
      id: p.subjectId,
      name: names.find((n) => n.id === p.subjectId)?.name ?? '',
      questions: p.questionIds.length,
      topTenPercent: figuresOf(totals.find((t) => t.subjectId === p.subjectId)),
    })),
  };
}

/** Ranks a test inside the caller's transaction and stores its summary. */
export async function rankTest(tx: DbOrTx, testId: string): Promise<void> {
  await writeRanks(tx, testId);
  const summary = await summarise(tx, testId);
  await tx.execute(sql`
    UPDATE scheduled_tests SET summary = ${JSON.stringify(summary)}::jsonb, ranked_at = coalesce(ranked_at, now())
    WHERE id = ${testId}::uuid`);
}

/** Due for ranking: its last window closed (plus the save grace), and its results not held for release. */
const DUE = sql.raw(`ranked_at IS NULL AND cancelled_at IS NULL
  AND greatest(closes_at, extended_until) < now() - make_interval(secs => ${GRACE_SECONDS_AFTER_CLOSE})
  AND (release = 'at-close' OR released_at IS NOT NULL)`);

/**
 * Due for its item analysis: closed (plus the save grace), not analysed — about to be ranked, results
 * held for release (checked before they go out), re-opened for a learner whose window has closed
 * since, or ranked before analyses were stored.
 */
const ANALYSIS_DUE = sql.raw(`cancelled_at IS NULL
  AND greatest(closes_at, extended_until) < now() - make_interval(secs => ${GRACE_SECONDS_AFTER_CLOSE})
  AND NOT EXISTS (SELECT 1 FROM live_test_item_analyses s WHERE s.test_id = scheduled_tests.id)`);
/** Analyses per tick besides the tests being ranked: the newest first, so a backlog does not hold the job. */
const ANALYSES_PER_TICK = 5;

/** A session of the test not completed yet (one another process is completing, or a re-opened window). */
const stillRunning = async (tx: DbOrTx, id: string) =>
  (
    await tx.execute(sql`
      SELECT 1 FROM assessments WHERE scheduled_test_id = ${id}::uuid AND NOT session_completed LIMIT 1`)
  ).rows.length > 0;

const analysed = async (tx: DbOrTx, id: string) =>
  (await tx.execute(sql`SELECT 1 FROM live_test_item_analyses WHERE test_id = ${id}::uuid`)).rows.length > 0;

/** In its own transaction, once its sessions are all completed; false: not now (locked, or running). */
async function analyseTest(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = (
      await tx.execute(sql`
        SELECT 1 FROM scheduled_tests WHERE id = ${id}::uuid AND ${ANALYSIS_DUE} FOR UPDATE SKIP LOCKED`)
    ).rows;
    if (!locked[0] || (await stillRunning(tx, id))) return false;
    await storeItemAnalysis(tx, id);
    return true;
  });
}

/**
 * The ranking job: every test closed (plus the save grace) and not ranked yet is ranked once its
 * sessions are all completed; a test released by hand, once released (docs/live-tests.md). Safe with several processes: the test's row is locked and re-checked.
 * Returns the ids ranked.
 */
export async function rankDueTests(db: Db, hooks: QuizHooks): Promise<string[]> {
  const due = (
    await db.execute(sql`
      SELECT id FROM scheduled_tests WHERE ${DUE} ORDER BY closes_at`)
  ).rows as { id: string }[];
  // Those about to be ranked first, then a few others (held results, ranked before analyses were stored).
  const analysisDue = (
    await db.execute(sql`
      SELECT id, (${DUE}) AS ranking FROM scheduled_tests WHERE ${ANALYSIS_DUE}
      ORDER BY (${DUE}) DESC, closes_at DESC LIMIT ${due.length + ANALYSES_PER_TICK}`)
  ).rows as { id: string; ranking: boolean }[];
  if (due.length === 0 && analysisDue.length === 0) return [];
  await sweepExpired(db, hooks);
  // The analysis before the ranking, each in its own transaction: it needs the completed sessions, not
  // the ranks, and the ranking's transaction spends seconds on the takers' records at 10,000 takers.
  for (const { id } of analysisDue.filter((t) => t.ranking)) await analyseTest(db, id);
  const ranked: string[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const locked = (
        await tx.execute(sql`
          SELECT marking_scheme FROM scheduled_tests WHERE id = ${id}::uuid AND ${DUE}
          FOR UPDATE SKIP LOCKED`)
      ).rows as { marking_scheme: string }[];
      if (!locked[0]) return false;
      // A session another process is still completing: rank on a later tick, with it.
      if (await stillRunning(tx, id)) return false;
      await rankTest(tx, id);
      // Not analysed just before (another process held the test): now, with the ranking.
      if (!(await analysed(tx, id))) await storeItemAnalysis(tx, id);
      await countLiveTestRecords(tx, id, locked[0].marking_scheme);
      // Now its answers may enter the review queue (services/review/history-queue.ts).
      await queueLiveTestHistory(tx, id);
      return true;
    });
    if (done) ranked.push(id);
  }
  // The others after the rankings, which they must not delay.
  for (const { id } of analysisDue.filter((t) => !t.ranking)) await analyseTest(db, id);
  return ranked;
}

/**
 * A key correction changed scores (caller's transaction): every ranked test with the question re-ranks,
 * and every analysed one is analysed again. Every test with it is locked, ranked or not: a ranking or
 * analysis in flight (which read the scores before this correction committed) is waited for, and then
 * redone here.
 */
export async function rerankTestsWithQuestion(tx: DbOrTx, questionId: string): Promise<number> {
  const tests = (
    await tx.execute(sql`
      SELECT id, ranked_at IS NOT NULL AS ranked,
        EXISTS (SELECT 1 FROM live_test_item_analyses s WHERE s.test_id = scheduled_tests.id) AS analysed
      FROM scheduled_tests
      WHERE question_ids @> ARRAY[${questionId}::uuid]
      FOR UPDATE`)
  ).rows as { id: string; ranked: boolean; analysed: boolean }[];
  const ranked = tests.filter((t) => t.ranked);
  for (const { id } of ranked) await rankTest(tx, id);
  for (const { id } of tests.filter((t) => t.ranked || t.analysed)) await storeItemAnalysis(tx, id);
  return ranked.length;
}
