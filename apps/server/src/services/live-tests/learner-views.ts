import {
  liveTestMessages,
  PAST_TESTS_LIMIT,
  percentileText,
  type LiveTestLearnerState,
  type RankingData,
  type ScheduledTest,
  type ScheduledTestsData,
} from '@ai-tutor/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { RankingSummary } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { schemeView } from '../quiz/views.js';
import { isUuid } from './schedule.js';
import { rankingNotReady } from './result-gate.js';
import { figuresOf, subjectTotals } from './ranking.js';

/**
 * What a learner sees of live tests: the list with their state and trend, and a test's ranking. A test
 * for batches is seen only by their members (and by whoever took it); a window re-opened for the
 * learner is their close.
 */

interface TestRow {
  id: string;
  name: string;
  exam_name: string;
  exam_slug: string;
  module_name: string;
  module_slug: string;
  opens_ms: number;
  closes_ms: number;
  /** The test's last window's close (any learner's), when results can open. */
  last_close_ms: number;
  held: boolean;
  server_ms: number;
  duration_minutes: number;
  total_questions: number;
  total_marks: number;
  marking_scheme: string;
  ranked: boolean;
  ranked_ms: number | null;
  summary_json: string | null;
  a_id: string | null;
  a_slug: string | null;
  a_completed: boolean | null;
  a_over: boolean | null;
  r_rank: number | null;
  r_percentile: number | null;
  r_score: number | null;
  r_rank_before: number | null;
  r_percentile_before: number | null;
  r_score_before: number | null;
  r_changed_ms: number | null;
}

const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
/** The learner's close: the test's, or their re-opened window's when later (`ro`). */
const MY_CLOSE = sql`greatest(t.closes_at, ro.closes_at)`;

async function selectTests(db: DbOrTx, userId: string, where: SQL, order: SQL): Promise<TestRow[]> {
  const result = await db.execute(sql`
    SELECT t.id, t.name, e.name AS exam_name, e.slug AS exam_slug, m.name AS module_name, m.slug AS module_slug,
      ${ms(sql`t.opens_at`)} AS opens_ms, ${ms(MY_CLOSE)} AS closes_ms, ${ms(sql`now()`)} AS server_ms,
      ${ms(sql`greatest(t.closes_at, t.extended_until)`)} AS last_close_ms,
      t.release = 'manual' AND t.released_at IS NULL AS held,
      t.duration_minutes, coalesce(array_length(t.question_ids, 1), 0) AS total_questions, t.total_marks,
      t.marking_scheme, t.ranked_at IS NOT NULL AS ranked,
      ${ms(sql`t.ranked_at`)} AS ranked_ms, t.summary::text AS summary_json,
      a.id AS a_id, a.slug AS a_slug, a.session_completed AS a_completed, a.deadline <= now() AS a_over,
      r.rank AS r_rank, r.percentile AS r_percentile, r.score AS r_score, r.rank_before AS r_rank_before,
      r.percentile_before AS r_percentile_before, r.score_before AS r_score_before,
      ${ms(sql`r.rank_changed_at`)} AS r_changed_ms
    FROM scheduled_tests t
    JOIN exams e ON e.id = t.exam_id
    JOIN modules m ON m.id = t.module_id
    LEFT JOIN assessments a ON a.scheduled_test_id = t.id AND a.user_id = ${userId}::uuid
    LEFT JOIN live_test_rankings r ON r.test_id = t.id AND r.user_id = ${userId}::uuid
    LEFT JOIN live_test_reopens ro ON ro.test_id = t.id AND ro.user_id = ${userId}::uuid
    WHERE t.cancelled_at IS NULL AND ${where}
      AND (a.id IS NOT NULL OR NOT EXISTS (SELECT 1 FROM scheduled_test_batches tb WHERE tb.test_id = t.id)
        OR EXISTS (SELECT 1 FROM scheduled_test_batches tb JOIN batch_members bm ON bm.batch_id = tb.batch_id
          WHERE tb.test_id = t.id AND bm.user_id = ${userId}::uuid))
    ORDER BY ${order}`);
  return result.rows as unknown as TestRow[];
}

const summaryOf = (row: TestRow) =>
  row.summary_json === null ? null : (JSON.parse(row.summary_json) as RankingSummary);

function stateOf(row: TestRow): LiveTestLearnerState {
  if (!row.a_slug) return { state: 'not_started' };
  if (row.ranked && row.r_rank !== null) {
    const percentile = Number(row.r_percentile);
    return {
      state: 'ranked',
      slug: row.a_slug,
      rank: Number(row.r_rank),
      takers: summaryOf(row)?.takers ?? 0,
      percentile,
      percentileText: percentileText(percentile),
      score: Number(row.r_score),
      maxScore: Number(row.total_marks),
    };
  }
  if (!row.a_completed && !row.a_over) return { state: 'running', slug: row.a_slug };
  return { state: 'submitted', slug: row.a_slug };
}

function toItem(row: TestRow): ScheduledTest {
  const now = Number(row.server_ms);
  return {
    id: row.id,
    name: row.name,
    exam: { name: row.exam_name, slug: row.exam_slug },
    module: { name: row.module_name, slug: row.module_slug },
    opensAt: new Date(Number(row.opens_ms)).toISOString(),
    closesAt: new Date(Number(row.closes_ms)).toISOString(),
    durationMinutes: Number(row.duration_minutes),
    totalQuestions: Number(row.total_questions),
    totalMarks: Number(row.total_marks),
    markingScheme: schemeView(row.marking_scheme),
    status: now < Number(row.opens_ms) ? 'upcoming' : now < Number(row.closes_ms) ? 'live' : 'closed',
    resultsReady: Boolean(row.ranked),
    resultsHeld: Boolean(row.held),
    you: stateOf(row),
  };
}

export async function listForLearner(
  db: DbOrTx,
  userId: string,
  examSlug: string | undefined,
): Promise<ScheduledTestsData> {
  const exam = examSlug === undefined ? sql`true` : sql`e.slug = ${examSlug}`;
  const [open, past, taken] = await Promise.all([
    selectTests(db, userId, sql`${exam} AND ${MY_CLOSE} > now()`, sql`t.opens_at, t.closes_at`),
    selectTests(
      db,
      userId,
      sql`${exam} AND ${MY_CLOSE} <= now()`,
      sql`t.closes_at DESC LIMIT ${PAST_TESTS_LIMIT}`,
    ),
    selectTests(
      db,
      userId,
      sql`${exam} AND t.ranked_at IS NOT NULL AND r.rank IS NOT NULL`,
      sql`t.closes_at DESC LIMIT ${PAST_TESTS_LIMIT}`,
    ),
  ]);
  const items = open.map(toItem);
  return {
    upcoming: items.filter((t) => t.status === 'upcoming'),
    live: items.filter((t) => t.status === 'live').sort((a, b) => a.closesAt.localeCompare(b.closesAt)),
    past: past.map(toItem),
    trend: taken.reverse().map((row) => ({
      testId: row.id,
      name: row.name,
      closesAt: new Date(Number(row.closes_ms)).toISOString(),
      percentile: Number(row.r_percentile),
      percentileText: percentileText(Number(row.r_percentile)),
      rank: Number(row.r_rank),
      takers: summaryOf(row)?.takers ?? 0,
    })),
    serverTime: new Date(Number(open[0]?.server_ms ?? past[0]?.server_ms ?? Date.now())).toISOString(),
  };
}

export async function rankingFor(db: DbOrTx, userId: string, testId: string): Promise<RankingData> {
  if (!isUuid(testId)) throw notFound(liveTestMessages.notFound);
  const [row] = await selectTests(db, userId, sql`t.id = ${testId}::uuid`, sql`t.id`);
  if (!row) throw notFound(liveTestMessages.notFound);
  const summary = summaryOf(row);
  if (!row.ranked || !summary)
    throw rankingNotReady(new Date(Number(row.last_close_ms)), Number(row.server_ms), Boolean(row.held));
  const took = row.r_rank !== null && row.a_id !== null && row.a_slug !== null;
  const mine = took ? await subjectTotals(db, sql`assessments a`, sql`a.id = ${row.a_id}::uuid`) : [];
  const score = Number(row.r_score);
  const percentile = Number(row.r_percentile);
  return {
    test: toItem(row),
    takers: summary.takers,
    maxScore: Number(row.total_marks),
    rankedAt: new Date(Number(row.ranked_ms)).toISOString(),
    you: took
      ? {
          rank: Number(row.r_rank),
          takers: summary.takers,
          percentile,
          percentileText: percentileText(percentile),
          score,
          maxScore: Number(row.total_marks),
          slug: row.a_slug!,
          rankChanged:
            row.r_rank_before !== null && row.r_changed_ms !== null
              ? {
                  rankBefore: Number(row.r_rank_before),
                  rankAfter: Number(row.r_rank),
                  percentileBefore: Number(row.r_percentile_before),
                  percentileAfter: percentile,
                  scoreBefore: Number(row.r_score_before),
                  scoreAfter: score,
                  at: new Date(Number(row.r_changed_ms)).toISOString(),
                }
              : null,
        }
      : null,
    distribution: summary.distribution.map((b, i, all) => ({
      ...b,
      yours: took && score >= b.from && (score < b.to || i === all.length - 1),
    })),
    topTenPercent: summary.topTenPercent,
    subjects: summary.subjects.map((s) => ({
      ...s,
      you: took ? figuresOf(mine.find((m) => m.subjectId === s.id)) : null,
    })),
  };
}
