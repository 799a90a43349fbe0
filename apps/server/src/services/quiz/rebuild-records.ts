import {
  fullMarks,
  schemeById,
  type QuestionType,
  type QuizType,
  type SessionMode,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { recordDeltas, type RecordDelta, type ScoredQuestion } from './records.js';

/**
 * Rebuilds learners' performance records from their completed sessions, in the order they ended: what
 * completion added one session at a time, folded again. A key correction changes past scores; the
 * records' "last" and "highest" can only be right again by replaying them (records.ts says what counts).
 */

interface SessionRow {
  user_id: string;
  quiz_type: QuizType;
  mode: SessionMode;
  module_id: string | null;
  subject_id: string | null;
  topic_id: string | null;
  total_marks: number;
  marking_scheme: string;
  scores_json: string | null;
  question_types: QuestionType[] | string;
  topics_json: string;
  subjects_json: string;
}

interface Folded {
  delta: RecordDelta;
  attempts: number;
  totalScore: number;
  totalMarks: number;
  percentageSum: number;
  last: number;
  highest: number;
}

/** Postgres text[] arrives parsed on node-postgres and PGlite alike, but be lenient with '{a,b}'. */
const textArray = (value: QuestionType[] | string): QuestionType[] =>
  Array.isArray(value)
    ? value
    : (value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean) as QuestionType[]);

export async function rebuildRecords(tx: DbOrTx, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    SELECT a.user_id, a.quiz_type, a.mode, a.module_id, a.subject_id, a.topic_id, a.total_marks, a.marking_scheme,
      a.scores::text AS scores_json, sh.question_types,
      (SELECT json_agg(q.topic_id ORDER BY s.pos) FROM unnest(a.question_ids) WITH ORDINALITY AS s(id, pos)
        JOIN questions q ON q.id = s.id)::text AS topics_json,
      (SELECT json_agg(q.subject_id ORDER BY s.pos) FROM unnest(a.question_ids) WITH ORDINALITY AS s(id, pos)
        JOIN questions q ON q.id = s.id)::text AS subjects_json
    FROM assessments a JOIN answer_sheets sh ON sh.assessment_id = a.id
    WHERE a.session_completed AND a.user_id IN (${ids})
      -- A live test's sessions count once it is ranked (live-tests/records.ts).
      AND (a.scheduled_test_id IS NULL OR EXISTS (SELECT 1 FROM scheduled_tests t
        WHERE t.id = a.scheduled_test_id AND t.ranked_at IS NOT NULL))
    ORDER BY a.user_id, a.end_time, a.created_at`);
  const folded = new Map<string, Folded>();
  for (const row of result.rows as unknown as SessionRow[]) {
    const scheme = schemeById(row.marking_scheme);
    const scores = JSON.parse(row.scores_json ?? '[]') as (number | null)[];
    const topics = JSON.parse(row.topics_json ?? '[]') as (string | null)[];
    const subjectIds = JSON.parse(row.subjects_json ?? '[]') as (string | null)[];
    const types = textArray(row.question_types);
    const questions: ScoredQuestion[] = types.map((type, i) => ({
      score: scores[i] ?? null,
      max: fullMarks(scheme, type),
      topicId: topics[i] ?? null,
      subjectId: subjectIds[i] ?? null,
    }));
    const session = {
      userId: row.user_id,
      quizType: row.quiz_type,
      mode: row.mode,
      moduleId: row.module_id,
      subjectId: row.subject_id,
      topicId: row.topic_id,
      totalMarks: Number(row.total_marks),
    };
    for (const delta of recordDeltas(session, questions)) {
      const key = `${row.user_id}|${delta.entityType}|${delta.entityId}`;
      const before = folded.get(key);
      const percentage = delta.marks > 0 ? (delta.score / delta.marks) * 100 : 0;
      folded.set(key, {
        delta: { ...delta, entityId: delta.entityId },
        attempts: (before?.attempts ?? 0) + 1,
        totalScore: (before?.totalScore ?? 0) + delta.score,
        totalMarks: (before?.totalMarks ?? 0) + delta.marks,
        percentageSum: (before?.percentageSum ?? 0) + percentage,
        last: delta.score,
        highest: before ? Math.max(before.highest, delta.score) : delta.score,
      });
    }
  }
  await tx.execute(sql`DELETE FROM performance_records WHERE user_id IN (${ids})`);
  if (folded.size === 0) return;
  const values = JSON.stringify(
    [...folded].map(([key, f]) => ({
      user_id: key.split('|')[0],
      entity_type: f.delta.entityType,
      entity_id: f.delta.entityId,
      attempts: f.attempts,
      total_score: f.totalScore,
      total_marks: f.totalMarks,
      percentage_sum: f.percentageSum,
      last: f.last,
      highest: f.highest,
    })),
  );
  await tx.execute(sql`
    INSERT INTO performance_records (user_id, entity_type, entity_id, attempts, total_score, total_marks,
      percentage_sum, last_attempt_score, highest_score)
    SELECT user_id, entity_type, entity_id, attempts, total_score, total_marks, percentage_sum, last, highest
    FROM jsonb_to_recordset(${values}::jsonb) AS v(user_id uuid, entity_type text, entity_id uuid,
      attempts int, total_score int, total_marks int, percentage_sum float8, last int, highest int)`);
}
