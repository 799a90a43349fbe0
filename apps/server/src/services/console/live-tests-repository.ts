import type { AdminLiveTest, AdminLiveTestDetail, LiveTestProgress } from '@ai-tutor/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { GRACE_SECONDS_AFTER_CLOSE } from '../live-tests/timing.js';

/**
 * Live tests as the console reads them (docs/live-tests.md#from-the-console): every test for admins
 * and editors; for a teacher, the tests of the batches they are assigned to (any other is not found).
 */

const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
const LAST_CLOSE = 'greatest(t.closes_at, t.extended_until)';

interface Row {
  id: string;
  name: string;
  module_slug: string;
  module_name: string;
  exam_slug: string;
  exam_name: string;
  opens_ms: number;
  closes_ms: number;
  extended_ms: number | null;
  released_ms: number | null;
  duration_minutes: number;
  questions: number;
  release: 'at-close' | 'manual';
  state: AdminLiveTest['state'];
  awaiting_release: boolean;
  batches_json: string;
  takers: number;
}

/** Only the tests of `teacherId`'s batches; undefined (an admin or editor) reaches every test. */
const reach = (teacherId: string | undefined): SQL =>
  teacherId === undefined
    ? sql`true`
    : sql`EXISTS (SELECT 1 FROM scheduled_test_batches tb JOIN batch_teachers bt ON bt.batch_id = tb.batch_id
        WHERE tb.test_id = t.id AND bt.user_id = ${teacherId}::uuid)`;

async function select(db: DbOrTx, where: SQL, tail: SQL): Promise<Row[]> {
  const result = await db.execute(sql`
    SELECT t.id, t.name, m.slug AS module_slug, m.name AS module_name, e.slug AS exam_slug, e.name AS exam_name,
      ${ms('t.opens_at')} AS opens_ms, ${ms('t.closes_at')} AS closes_ms,
      CASE WHEN t.extended_until > t.closes_at THEN ${ms('t.extended_until')} END AS extended_ms,
      ${ms('t.released_at')} AS released_ms, t.duration_minutes,
      coalesce(array_length(t.question_ids, 1), 0) AS questions, t.release,
      CASE WHEN t.cancelled_at IS NOT NULL THEN 'cancelled' WHEN t.ranked_at IS NOT NULL THEN 'ranked'
        WHEN now() < t.opens_at THEN 'upcoming' WHEN now() < ${sql.raw(LAST_CLOSE)} THEN 'live' ELSE 'closed' END AS state,
      (t.cancelled_at IS NULL AND t.release = 'manual' AND t.released_at IS NULL
        AND now() >= ${sql.raw(LAST_CLOSE)} + make_interval(secs => ${GRACE_SECONDS_AFTER_CLOSE}::int)) AS awaiting_release,
      coalesce((SELECT json_agg(json_build_object('id', b.id, 'name', b.name) ORDER BY lower(b.name))
        FROM scheduled_test_batches tb JOIN batches b ON b.id = tb.batch_id WHERE tb.test_id = t.id), '[]')::text
        AS batches_json,
      (SELECT count(*)::int FROM assessments a WHERE a.scheduled_test_id = t.id) AS takers
    FROM scheduled_tests t JOIN modules m ON m.id = t.module_id JOIN exams e ON e.id = t.exam_id
    WHERE ${where}
    ${tail}`);
  return result.rows as unknown as Row[];
}

const iso = (value: number | null) => (value === null ? null : new Date(Number(value)).toISOString());

const view = (row: Row): AdminLiveTest => ({
  id: row.id,
  name: row.name,
  module: { slug: row.module_slug, name: row.module_name },
  exam: { slug: row.exam_slug, name: row.exam_name },
  opensAt: iso(row.opens_ms)!,
  closesAt: iso(row.closes_ms)!,
  extendedUntil: iso(row.extended_ms),
  durationMinutes: Number(row.duration_minutes),
  questions: Number(row.questions),
  release: row.release,
  releasedAt: iso(row.released_ms),
  state: row.state,
  awaitingRelease: Boolean(row.awaiting_release),
  batches: JSON.parse(row.batches_json) as AdminLiveTest['batches'],
  takers: Number(row.takers),
});

async function progress(db: DbOrTx, id: string): Promise<LiveTestProgress> {
  const [counts] = (
    await db.execute(sql`
      SELECT count(*)::int AS started,
        count(*) FILTER (WHERE a.session_completed OR a.deadline <= now())::int AS submitted,
        count(*) FILTER (WHERE NOT a.session_completed AND a.deadline > now())::int AS running,
        ${ms('now()')} AS server_ms,
        CASE WHEN EXISTS (SELECT 1 FROM scheduled_test_batches tb WHERE tb.test_id = ${id}::uuid)
          THEN (SELECT count(DISTINCT bm.user_id)::int FROM scheduled_test_batches tb
            JOIN batch_members bm ON bm.batch_id = tb.batch_id WHERE tb.test_id = ${id}::uuid) END AS eligible
      FROM assessments a WHERE a.scheduled_test_id = ${id}::uuid`)
  ).rows as {
    started: number;
    submitted: number;
    running: number;
    server_ms: number;
    eligible: number | null;
  }[];
  const reopened = (
    await db.execute(sql`
      SELECT ro.user_id, u.email, u.name, ${ms('ro.opens_at')} AS opens_ms, ${ms('ro.closes_at')} AS closes_ms,
        ro.reason
      FROM live_test_reopens ro JOIN users u ON u.id = ro.user_id
      WHERE ro.test_id = ${id}::uuid ORDER BY ro.created_at`)
  ).rows as {
    user_id: string;
    email: string;
    name: string;
    opens_ms: number;
    closes_ms: number;
    reason: string;
  }[];
  return {
    eligible: counts?.eligible === null || counts?.eligible === undefined ? null : Number(counts.eligible),
    started: Number(counts?.started ?? 0),
    submitted: Number(counts?.submitted ?? 0),
    running: Number(counts?.running ?? 0),
    reopened: reopened.map((r) => ({
      userId: r.user_id,
      email: r.email,
      name: r.name,
      opensAt: iso(r.opens_ms)!,
      closesAt: iso(r.closes_ms)!,
      reason: r.reason,
    })),
    serverTime: iso(counts?.server_ms ?? Date.now())!,
  };
}

export const liveTestsRepository = {
  /** Newest window first. */
  async page(
    db: DbOrTx,
    query: { page: number; limit: number },
    teacherId?: string,
  ): Promise<{ rows: AdminLiveTest[]; total: number }> {
    const where = reach(teacherId);
    const [rows, total] = await Promise.all([
      select(
        db,
        where,
        sql`ORDER BY t.opens_at DESC, t.id LIMIT ${query.limit}::int OFFSET ${(query.page - 1) * query.limit}::int`,
      ),
      db.execute(sql`SELECT count(*)::int AS total FROM scheduled_tests t WHERE ${where}`),
    ]);
    return { rows: rows.map(view), total: Number((total.rows[0] as { total: number }).total) };
  },

  /** The test within the caller's reach, or undefined. */
  async one(db: DbOrTx, id: string, teacherId?: string): Promise<AdminLiveTest | undefined> {
    const [row] = await select(db, sql`t.id = ${id}::uuid AND ${reach(teacherId)}`, sql``);
    return row && view(row);
  },

  async detail(db: DbOrTx, id: string, teacherId?: string): Promise<AdminLiveTestDetail | undefined> {
    const test = await this.one(db, id, teacherId);
    return test && { ...test, progress: await progress(db, id) };
  },

  progress,
};
