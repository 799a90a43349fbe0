import {
  analysisMessages,
  consoleMessages,
  INACTIVE_AFTER_DAYS,
  PAST_TESTS_LIMIT,
  type AnalyticsLiveTests,
  type BatchAnalytics,
  type BatchTestAnalytics,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { distributionOf } from '../live-tests/ranking.js';

/**
 * What a teacher sees of their batches (docs/item-analysis.md#batch-analytics): accuracy per subject
 * and topic, each learner's percentile across live tests, who stopped practising or is falling, and a
 * live test's leaderboard within the batch. `teacherId` limits to the teacher's batches: any other is
 * 404; an admin passes none.
 */

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const round1 = (x: number) => Math.round(x * 10) / 10;
const inReach = (teacherId?: string) =>
  teacherId
    ? sql`AND EXISTS (SELECT 1 FROM batch_teachers bt WHERE bt.batch_id = b.id AND bt.user_id = ${teacherId}::uuid)`
    : sql``;

async function batchOf(db: DbOrTx, batchId: string, teacherId?: string) {
  const [batch] = (
    await db.execute(sql`
      SELECT b.id, b.name, (SELECT count(*)::int FROM batch_members m WHERE m.batch_id = b.id) AS members
      FROM batches b WHERE b.id = ${batchId}::uuid ${inReach(teacherId)}`)
  ).rows as { id: string; name: string; members: number }[];
  if (!batch) throw notFound(consoleMessages.batchNotFound);
  return { id: batch.id, name: batch.name, memberCount: Number(batch.members) };
}

interface AccuracyRow {
  id: string;
  name: string;
  subject: string;
  answered: number;
  correct: number;
  seconds: number;
}

/**
 * The members' ids as a literal list, not a join with batch_members: right after a large live test is
 * ranked, question_attempts has grown by 750,000 rows its statistics do not know of yet, and the join
 * was planned as a scan of the whole table (0.2–0.5 s); a list of ids is looked up in the index.
 */
async function accuracy(db: DbOrTx, memberIds: string[], by: 'subject' | 'topic') {
  const result = await db.execute(sql`
    SELECT ${by === 'subject' ? sql`s.id, s.name` : sql`t.id, t.name`}, s.name AS subject,
      count(*) FILTER (WHERE qa.outcome <> 'unattempted')::int AS answered,
      count(*) FILTER (WHERE qa.outcome = 'correct')::int AS correct,
      coalesce(sum(qa.time_spent) FILTER (WHERE qa.outcome <> 'unattempted'), 0)::float8 AS seconds
    FROM question_attempts qa
    JOIN subjects s ON s.id = qa.subject_id
    ${by === 'topic' ? sql`JOIN topics t ON t.id = qa.topic_id` : sql``}
    WHERE qa.user_id = ANY(${`{${memberIds.join(',')}}`}::uuid[])
    GROUP BY ${by === 'subject' ? sql`s.id, s.name` : sql`t.id, t.name, s.name`}`);
  return (result.rows as unknown as AccuracyRow[])
    .filter((r) => Number(r.answered) > 0)
    .map((r) => ({
      id: r.id,
      name: r.name,
      subject: r.subject,
      answered: Number(r.answered),
      correct: Number(r.correct),
      accuracyPercent: round1((100 * Number(r.correct)) / Number(r.answered)),
      averageSeconds: round1(Number(r.seconds) / Number(r.answered)),
    }))
    .sort((a, b) => a.accuracyPercent - b.accuracyPercent || b.answered - a.answered);
}

/** The last three percentiles each lower than the one before. */
export const isFalling = (percentiles: number[]) => {
  const last = percentiles.slice(-3);
  return last.length === 3 && last[1]! < last[0]! && last[2]! < last[1]!;
};

export async function batchAnalytics(
  db: DbOrTx,
  batchId: string,
  teacherId?: string,
): Promise<BatchAnalytics> {
  const batch = await batchOf(db, batchId, teacherId);
  const members = (
    await db.execute(sql`
      SELECT u.id, u.name, u.email,
        (SELECT max(coalesce(a.end_time, a.completed_at)) FROM assessments a
          WHERE a.user_id = u.id AND a.session_completed) AS last_at,
        (SELECT max(coalesce(a.end_time, a.completed_at)) FROM assessments a
          WHERE a.user_id = u.id AND a.session_completed) < now() - make_interval(days => ${INACTIVE_AFTER_DAYS}::int) AS stale
      FROM batch_members m JOIN users u ON u.id = m.user_id
      WHERE m.batch_id = ${batchId}::uuid ORDER BY u.name, u.email`)
  ).rows as { id: string; name: string; email: string; last_at: unknown; stale: boolean | null }[];
  const memberIds = members.map((m) => m.id);
  const subjects = (await accuracy(db, memberIds, 'subject')).map(({ subject: _, ...s }) => s);
  const topics = await accuracy(db, memberIds, 'topic');
  const points = (
    await db.execute(sql`
      SELECT user_id, test_id, name, closes_at, percentile FROM (
        SELECT r.user_id, t.id AS test_id, t.name, t.closes_at, r.percentile,
          row_number() OVER (PARTITION BY r.user_id ORDER BY t.closes_at DESC) AS n
        FROM live_test_rankings r
        JOIN batch_members m ON m.user_id = r.user_id AND m.batch_id = ${batchId}::uuid
        JOIN scheduled_tests t ON t.id = r.test_id
      ) x WHERE n <= ${PAST_TESTS_LIMIT}::int ORDER BY closes_at`)
  ).rows as { user_id: string; test_id: string; name: string; closes_at: unknown; percentile: number }[];
  const learners = members.map((m) => {
    const trend = points
      .filter((p) => p.user_id === m.id)
      .map((p) => ({
        testId: p.test_id,
        testName: p.name,
        closesAt: iso(p.closes_at)!,
        percentile: Number(p.percentile),
      }));
    return {
      id: m.id,
      name: m.name,
      email: m.email,
      lastAttemptAt: iso(m.last_at),
      trend,
      falling: isFalling(trend.map((p) => p.percentile)),
      inactive: m.last_at === null || m.stale === true,
    };
  });
  learners.sort((a, b) => Number(b.inactive || b.falling) - Number(a.inactive || a.falling));
  return { batch, subjects, topics, learners };
}

/**
 * A ranked test's batch rows from the ranking (the same ranks: every completed session, by score),
 * a lookup per member; before the ranking they are ranked here, over every taker's session.
 */
const rankedRows = (batchId: string, testId: string) => sql`
  SELECT r.user_id, r.score, r.rank AS rnk, (SELECT count(*) FROM live_test_rankings c WHERE c.test_id = ${testId}::uuid) AS takers,
    greatest(0, extract(epoch from coalesce(a.end_time, a.completed_at) - a.start_time))::float8 AS seconds,
    u.name, u.email
  FROM batch_members m
  JOIN live_test_rankings r ON r.test_id = ${testId}::uuid AND r.user_id = m.user_id
  JOIN assessments a ON a.id = r.assessment_id
  JOIN users u ON u.id = m.user_id
  WHERE m.batch_id = ${batchId}::uuid
  ORDER BY r.score DESC, u.name`;

export async function batchTestAnalytics(
  db: DbOrTx,
  batchId: string,
  testId: string,
  teacherId?: string,
): Promise<BatchTestAnalytics> {
  const batch = await batchOf(db, batchId, teacherId);
  const [test] = (
    await db.execute(sql`
      SELECT id, name, total_marks, ranked_at IS NOT NULL AS ranked FROM scheduled_tests WHERE id = ${testId}::uuid`)
  ).rows as { id: string; name: string; total_marks: number; ranked: boolean }[];
  if (!test) throw notFound(analysisMessages.testNotFound);
  const rows = (
    await db.execute(
      test.ranked
        ? rankedRows(batchId, testId)
        : sql`
      WITH ranked AS (
        SELECT a.user_id, a.score, rank() OVER (ORDER BY a.score DESC) AS rnk, count(*) OVER () AS takers,
          greatest(0, extract(epoch from coalesce(a.end_time, a.completed_at) - a.start_time))::float8 AS seconds
        FROM assessments a
        WHERE a.scheduled_test_id = ${testId}::uuid AND a.session_completed AND a.score IS NOT NULL
      )
      SELECT r.*, u.name, u.email FROM ranked r
      JOIN batch_members m ON m.user_id = r.user_id AND m.batch_id = ${batchId}::uuid
      JOIN users u ON u.id = r.user_id
      ORDER BY r.score DESC, u.name`,
    )
  ).rows as {
    user_id: string;
    score: number;
    rnk: number;
    takers: number;
    seconds: number;
    name: string;
    email: string;
  }[];
  const takers = rows.length ? Number(rows[0]!.takers) : 0;
  let batchRank = 0;
  const leaderboard = rows.map((r, i) => {
    if (i === 0 || Number(r.score) !== Number(rows[i - 1]!.score)) batchRank = i + 1;
    const rank = Number(r.rnk);
    return {
      batchRank,
      rank,
      learnerId: r.user_id,
      name: r.name,
      email: r.email,
      score: Number(r.score),
      percentile: (100 * (takers - rank + 1)) / takers,
      seconds: Math.round(Number(r.seconds)),
    };
  });
  const counts = new Map<number, number>();
  for (const r of leaderboard) counts.set(r.score, (counts.get(r.score) ?? 0) + 1);
  const absent = (
    await db.execute(sql`
      SELECT u.id, u.name, u.email FROM batch_members m JOIN users u ON u.id = m.user_id
      WHERE m.batch_id = ${batchId}::uuid AND NOT EXISTS (
        SELECT 1 FROM assessments a WHERE a.user_id = u.id AND a.scheduled_test_id = ${testId}::uuid
          AND a.session_completed)
      ORDER BY u.name, u.email`)
  ).rows as { id: string; name: string; email: string }[];
  return {
    batch: { id: batch.id, name: batch.name },
    test: { id: test.id, name: test.name, maxScore: Number(test.total_marks), takers },
    leaderboard,
    distribution: distributionOf(
      [...counts].map(([score, count]) => ({ score, count })),
      Number(test.total_marks),
    ),
    absent,
  };
}

/** Live tests to choose from: all (admin, editor), or those a teacher's learners took. */
export async function analyticsLiveTests(
  db: DbOrTx,
  teacherId?: string,
  batchId?: string,
): Promise<AnalyticsLiveTests> {
  if (batchId) await batchOf(db, batchId, teacherId);
  const members = batchId
    ? sql`AND a.user_id IN (SELECT user_id FROM batch_members WHERE batch_id = ${batchId}::uuid)`
    : teacherId
      ? sql`AND a.user_id IN (SELECT m.user_id FROM batch_members m JOIN batch_teachers bt ON bt.batch_id = m.batch_id
          WHERE bt.user_id = ${teacherId}::uuid)`
      : sql``;
  const rows = (
    await db.execute(sql`
      SELECT t.id, t.name, mo.slug AS module_slug, t.opens_at, t.closes_at, t.total_marks,
        t.ranked_at IS NOT NULL AS ranked,
        (SELECT count(*)::int FROM assessments a WHERE a.scheduled_test_id = t.id AND a.session_completed ${members}) AS takers
      FROM scheduled_tests t JOIN modules mo ON mo.id = t.module_id
      WHERE t.cancelled_at IS NULL AND t.opens_at <= now()
      ORDER BY t.closes_at DESC LIMIT 200`)
  ).rows as {
    id: string;
    name: string;
    module_slug: string;
    opens_at: unknown;
    closes_at: unknown;
    total_marks: number;
    ranked: boolean;
    takers: number;
  }[];
  return {
    tests: rows
      .filter((r) => !(teacherId || batchId) || Number(r.takers) > 0)
      .map((r) => ({
        id: r.id,
        name: r.name,
        moduleSlug: r.module_slug,
        opensAt: iso(r.opens_at)!,
        closesAt: iso(r.closes_at)!,
        maxScore: Number(r.total_marks),
        takers: Number(r.takers),
        ranked: Boolean(r.ranked),
      })),
  };
}
