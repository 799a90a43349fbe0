import {
  tutorMessages,
  type QuestionReport,
  type QuestionReportBody,
  type ReportReason,
} from '@ai-tutor/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { parseEvaluationId } from '../quiz/session-ids.js';

/**
 * Learners flag questions (POST /v1/questions/:id/reports, or /v1/evaluations/:id/reports for a
 * question of their own session); operators list them with counts and
 * resolve them (CLI `reports`), and a key correction of the question resolves its open reports.
 * A learner can report only a question they have been given; anything else is a 404, so report ids
 * cannot be used to probe the bank.
 */

interface ReportRow {
  id: string;
  question_id: string;
  reason: ReportReason;
  note: string | null;
  status: 'open' | 'resolved';
  created_at: string | Date;
  inserted: boolean;
}

type FiledReport = { report: QuestionReport; updated: boolean };

/**
 * Files (or updates) the learner's open report on the question `given` selects — one row, one column,
 * and only a question the learner was given — or throws 404. Both ways of reporting go through here.
 */
async function fileReport(
  db: DbOrTx,
  userId: string,
  given: SQL,
  body: QuestionReportBody,
): Promise<FiledReport> {
  const note = body.note ? body.note : null;
  // One open report per learner and question: a second one replaces its reason and note.
  const result = await db.execute(sql`
    INSERT INTO question_reports AS r (user_id, question_id, reason, note)
    SELECT ${userId}, g.question_id, ${body.reason}, ${note}
    FROM (${given}) AS g(question_id)
    ON CONFLICT (user_id, question_id) WHERE status = 'open'
      DO UPDATE SET reason = excluded.reason, note = excluded.note
    RETURNING r.id, r.question_id, r.reason, r.note, r.status, r.created_at, (xmax = 0) AS inserted`);
  const row = result.rows[0] as ReportRow | undefined;
  if (!row) throw notFound(tutorMessages.reportQuestionNotFound);
  return {
    report: {
      id: row.id,
      questionId: row.question_id,
      reason: row.reason,
      note: row.note,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
    },
    updated: !row.inserted,
  };
}

/** A question by its id, from the notebook: one the learner has been given in any session. */
export async function reportQuestion(
  db: DbOrTx,
  userId: string,
  questionId: string,
  body: QuestionReportBody,
): Promise<FiledReport> {
  return fileReport(
    db,
    userId,
    sql`SELECT q.id FROM questions q WHERE q.id = ${questionId} AND EXISTS (
      SELECT 1 FROM assessments a WHERE a.user_id = ${userId} AND a.question_ids @> ARRAY[q.id])`,
    body,
  );
}

/**
 * A question of one of the learner's own sessions, by its evaluation (session-ids.ts), running or
 * completed: the way a live test's quiz and its held result report, where the learner has no question
 * id. Another learner's session, or a position it does not have, is a 404. The answer leaves the
 * question's id out (the route's schema).
 */
export async function reportEvaluation(
  db: DbOrTx,
  userId: string,
  evaluationId: string,
  body: QuestionReportBody,
): Promise<{ report: Omit<QuestionReport, 'questionId'>; updated: boolean }> {
  const at = parseEvaluationId(evaluationId);
  if (!at) throw notFound(tutorMessages.reportQuestionNotFound);
  const filed = await fileReport(
    db,
    userId,
    sql`SELECT a.question_ids[${at.position + 1}::int] FROM assessments a
      WHERE a.id = ${at.sessionId}::uuid AND a.user_id = ${userId}
        AND a.question_ids[${at.position + 1}::int] IS NOT NULL`,
    body,
  );
  const { questionId: _hidden, ...report } = filed.report;
  return { report, updated: filed.updated };
}

export interface ReportSummary {
  questionId: string;
  questionText: string;
  subject: string;
  /** Reports per reason, and all of them. */
  reasons: Partial<Record<ReportReason, number>>;
  total: number;
  notes: string[];
  latestAt: string;
}

/** Reports grouped by question, most reported first (the CLI's `reports list`). */
export async function listReports(db: DbOrTx, status: 'open' | 'resolved' | 'all'): Promise<ReportSummary[]> {
  const result = await db.execute(sql`
    SELECT r.question_id, q.text AS question_text, sub.name AS subject, r.reason, count(*)::int AS n,
      max(r.created_at) AS latest_at,
      coalesce(array_agg(r.note) FILTER (WHERE r.note IS NOT NULL), '{}') AS notes
    FROM question_reports r
    JOIN questions q ON q.id = r.question_id
    JOIN subjects sub ON sub.id = q.subject_id
    ${status === 'all' ? sql`` : sql`WHERE r.status = ${status}`}
    GROUP BY r.question_id, q.text, sub.name, r.reason`);
  const byQuestion = new Map<string, ReportSummary>();
  for (const row of result.rows as unknown as {
    question_id: string;
    question_text: string;
    subject: string;
    reason: ReportReason;
    n: number;
    latest_at: string | Date;
    notes: string[];
  }[]) {
    const summary = byQuestion.get(row.question_id) ?? {
      questionId: row.question_id,
      questionText: row.question_text,
      subject: row.subject,
      reasons: {},
      total: 0,
      notes: [],
      latestAt: new Date(row.latest_at).toISOString(),
    };
    summary.reasons[row.reason] = Number(row.n);
    summary.total += Number(row.n);
    summary.notes.push(...row.notes);
    const latest = new Date(row.latest_at).toISOString();
    if (latest > summary.latestAt) summary.latestAt = latest;
    byQuestion.set(row.question_id, summary);
  }
  return [...byQuestion.values()].sort((a, b) => b.total - a.total || b.latestAt.localeCompare(a.latestAt));
}

/**
 * Resolves a question's open reports: by an operator (a note), or by the key correction that fixed
 * it (in the correction's transaction). The number resolved.
 */
export async function resolveReports(
  db: DbOrTx,
  questionId: string,
  resolution: { note: string; correctionId?: string },
): Promise<number> {
  const result = await db.execute(sql`
    UPDATE question_reports SET status = 'resolved', resolved_at = now(), resolution = ${resolution.note},
      correction_id = ${resolution.correctionId ?? null}
    WHERE question_id = ${questionId} AND status = 'open'
    RETURNING id`);
  return result.rows.length;
}
