import type {
  AdminQuestion,
  QuestionKey,
  QuestionType,
  ReportEntry,
  ReportGroup,
  ReportReason,
  ReportsPage,
  ReportStatusFilter,
} from '@ai-tutor/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { resolveReports } from '../bank/reports.js';
import { auditRepository, type Actor } from './audit-repository.js';

/**
 * The console's reports queue (docs/product.md#key-corrections): learners' reports grouped by question,
 * most reported first, with who reported what and when; the question as learners saw it; and resolving
 * or dismissing a question's open reports, audited (the CLI's `reports resolve` writes the same row).
 */

const statusFilter = (status: ReportStatusFilter) =>
  status === 'all' ? sql`TRUE` : sql`r.status = ${status}`;
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** The reports on these questions that `where` (over `r`) selects, newest first. */
async function reportsOf(
  db: DbOrTx,
  where: SQL,
  questionIds: string[],
): Promise<(ReportEntry & { questionId: string })[]> {
  const result = await db.execute(sql`
    SELECT r.id, r.question_id, r.reason, r.note, r.status, r.created_at, r.resolved_at, r.resolution,
      u.id AS user_id, u.name, u.email
    FROM question_reports r JOIN users u ON u.id = r.user_id
    WHERE ${where} AND r.question_id IN (${sql.join(
      questionIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    ORDER BY r.created_at DESC, r.id`);
  return (
    result.rows as {
      id: string;
      question_id: string;
      reason: ReportReason;
      note: string | null;
      status: 'open' | 'resolved';
      created_at: string | Date;
      resolved_at: string | Date | null;
      resolution: string | null;
      user_id: string;
      name: string;
      email: string;
    }[]
  ).map((row) => ({
    questionId: row.question_id,
    id: row.id,
    reason: row.reason,
    note: row.note,
    status: row.status,
    reporter: { id: row.user_id, name: row.name, email: row.email },
    createdAt: iso(row.created_at)!,
    resolvedAt: iso(row.resolved_at),
    resolution: row.resolution,
  }));
}

async function page(
  db: DbOrTx,
  query: { status: ReportStatusFilter; page: number; limit: number },
): Promise<ReportsPage> {
  const where = statusFilter(query.status);
  const [groups, counted] = await Promise.all([
    db.execute(sql`
      WITH g AS (
        SELECT r.question_id, count(*)::int AS total, max(r.created_at) AS latest_at
        FROM question_reports r WHERE ${where} GROUP BY r.question_id
      )
      SELECT g.question_id, g.total, g.latest_at, q.text, q.type, q.dropped_at IS NOT NULL AS dropped,
        sub.name AS subject
      FROM g JOIN questions q ON q.id = g.question_id JOIN subjects sub ON sub.id = q.subject_id
      ORDER BY g.total DESC, g.latest_at DESC, g.question_id
      LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`),
    db.execute(
      sql`SELECT count(DISTINCT r.question_id)::int AS total FROM question_reports r WHERE ${where}`,
    ),
  ]);
  const rows = groups.rows as {
    question_id: string;
    total: number;
    latest_at: string | Date;
    text: string;
    type: QuestionType;
    dropped: boolean;
    subject: string;
  }[];
  const total = Number((counted.rows[0] as { total: number } | undefined)?.total ?? 0);
  if (!rows.length) return { rows: [], total };
  const reports = await reportsOf(
    db,
    where,
    rows.map((row) => row.question_id),
  );
  return {
    total,
    rows: rows.map((row): ReportGroup => {
      const mine = reports.filter((report) => report.questionId === row.question_id);
      const reasons: ReportGroup['reasons'] = {};
      for (const report of mine) reasons[report.reason] = (reasons[report.reason] ?? 0) + 1;
      return {
        id: row.question_id,
        questionText: row.text,
        subject: row.subject,
        type: row.type,
        dropped: Boolean(row.dropped),
        reasons,
        total: Number(row.total),
        latestAt: iso(row.latest_at)!,
        reports: mine.map(({ questionId: _question, ...report }) => report),
      };
    }),
  };
}

/** The question as learners saw it, with its key and what a correction would touch; undefined: none. */
async function question(db: DbOrTx, id: string): Promise<AdminQuestion | undefined> {
  const [row] = (
    await db.execute(sql`
      SELECT q.id, q.type, q.text, q.options::text AS options_json, q.key::text AS key_json, q.answer, q.explanation, q.dropped_at, p.text AS passage,
        sub.name AS subject, t.name AS topic,
        (SELECT count(*)::int FROM question_reports r WHERE r.question_id = q.id AND r.status = 'open') AS open_reports,
        (SELECT count(*)::int FROM assessments a
          WHERE a.session_completed AND a.question_ids @> ARRAY[q.id]) AS completed_sessions
      FROM questions q JOIN subjects sub ON sub.id = q.subject_id
      LEFT JOIN topics t ON t.id = q.topic_id LEFT JOIN passages p ON p.id = q.passage_id
      WHERE q.id = ${id}::uuid`)
  ).rows as {
    id: string;
    type: QuestionType;
    text: string;
    options_json: string;
    key_json: string;
    answer: string;
    explanation: string | null;
    dropped_at: string | Date | null;
    passage: string | null;
    subject: string;
    topic: string | null;
    open_reports: number;
    completed_sessions: number;
  }[];
  if (!row) return undefined;
  return {
    id: row.id,
    type: row.type,
    text: row.text,
    passage: row.passage,
    options: JSON.parse(row.options_json) as string[],
    explanation: row.explanation,
    key: JSON.parse(row.key_json) as QuestionKey,
    keyText: row.answer,
    subject: row.subject,
    topic: row.topic,
    droppedAt: iso(row.dropped_at),
    openReports: Number(row.open_reports),
    reports: (await reportsOf(db, sql`TRUE`, [row.id])).map(({ questionId: _question, ...report }) => report),
    completedSessions: Number(row.completed_sessions),
  };
}

/**
 * Resolves (or dismisses) a question's open reports with an audit row, in one transaction; undefined
 * for an unknown question. Nothing open: nothing written.
 */
async function resolve(
  db: Db,
  actor: Actor,
  questionId: string,
  outcome: { dismiss: boolean; note?: string | undefined },
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [found] = (await tx.execute(sql`SELECT text FROM questions WHERE id = ${questionId}::uuid`))
      .rows as { text: string }[];
    if (!found) return undefined;
    const note = outcome.note?.trim() || null;
    const word = outcome.dismiss ? 'dismissed' : 'resolved';
    const resolved = await resolveReports(tx, questionId, { note: note ? `${word}: ${note}` : word });
    if (resolved)
      await auditRepository.write(tx, actor, {
        action: outcome.dismiss ? 'question.reports-dismiss' : 'question.reports-resolve',
        objectType: 'question',
        objectId: questionId,
        objectLabel: found.text.replace(/\s+/g, ' ').slice(0, 120),
        before: { openReports: resolved },
        after: { openReports: 0 },
        reason: note,
      });
    return resolved;
  });
}

export const reportsQueue = { page, question, resolve };
