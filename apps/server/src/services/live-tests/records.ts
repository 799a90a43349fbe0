import { fullMarks, QUESTION_TYPES, schemeById } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * A live test's sessions enter the performance records when the test is ranked, all at once, as
 * completion would have counted each (quiz/records.ts: the module with the whole score, every topic
 * with its questions' marks). Until then a learner's records would show the hidden score.
 */
export async function countLiveTestRecords(tx: DbOrTx, testId: string, schemeId: string): Promise<void> {
  const scheme = schemeById(schemeId);
  // Each question type's full marks under the test's scheme (constants from the code, not input).
  const maxOf = sql.raw(
    `CASE u.question_type ${QUESTION_TYPES.map((t) => `WHEN '${t}' THEN ${fullMarks(scheme, t)}`).join(' ')} ELSE 0 END`,
  );
  await tx.execute(sql`
    WITH s AS (
      SELECT a.user_id, a.module_id, a.total_marks, coalesce(a.score, 0) AS score, a.scores, a.question_ids,
        sh.question_types
      FROM assessments a JOIN answer_sheets sh ON sh.assessment_id = a.id
      WHERE a.scheduled_test_id = ${testId}::uuid AND a.session_completed
    ), deltas AS (
      SELECT user_id, 'exam_module'::text AS entity_type, module_id AS entity_id, score, total_marks AS marks
      FROM s
      UNION ALL
      SELECT s.user_id, 'topic', q.topic_id,
        coalesce(sum((s.scores ->> (u.pos::int - 1))::numeric), 0)::int, sum(${maxOf})::int
      FROM s
      CROSS JOIN LATERAL unnest(s.question_ids, s.question_types) WITH ORDINALITY AS u(question_id, question_type, pos)
      JOIN questions q ON q.id = u.question_id
      WHERE q.topic_id IS NOT NULL
      GROUP BY s.user_id, q.topic_id
    )
    INSERT INTO performance_records AS r (user_id, entity_type, entity_id, attempts, total_score, total_marks,
      percentage_sum, last_attempt_score, highest_score)
    SELECT user_id, entity_type, entity_id, 1, score, marks,
      CASE WHEN marks > 0 THEN score * 100.0 / marks ELSE 0 END, score, score
    FROM deltas
    ON CONFLICT (user_id, entity_type, entity_id) DO UPDATE SET
      attempts = r.attempts + 1,
      total_score = r.total_score + excluded.total_score,
      total_marks = r.total_marks + excluded.total_marks,
      percentage_sum = r.percentage_sum + excluded.percentage_sum,
      last_attempt_score = excluded.last_attempt_score,
      highest_score = greatest(r.highest_score, excluded.highest_score),
      updated_at = now()`);
}
