import { keyText, type QuestionKey } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { givenQuestion } from './given-question.js';

export interface GradeVerdict {
  correct: boolean;
  reason: string;
}
export type FreeTextGrader = (
  items: { id: string; question: string; options: string[]; expected: string; given: string | null }[],
) => Promise<Map<string, GradeVerdict>>;

interface TextAnswerRow {
  pos: number;
  question: string;
  key_json: string;
  given: string;
}

/**
 * Verdicts for a session's answered free-text questions, by position; empty without a grader (no AI
 * provider, see plugins/app/ai.ts). Completion asks before taking any row lock: the grader waits on
 * the network.
 */
export async function gradeSession(
  db: Db,
  grade: FreeTextGrader | null,
  assessmentId: string,
): Promise<Map<number, GradeVerdict>> {
  if (!grade) return new Map();
  const result = await db.execute(sql`
    SELECT s.pos::int - 1 AS pos, q.text AS question, q.key::text AS key_json,
      sh.answers[s.pos]::jsonb #>> '{}' AS given
    FROM assessments a
    JOIN answer_sheets sh ON sh.assessment_id = a.id
    CROSS JOIN LATERAL unnest(a.question_ids) WITH ORDINALITY AS s(question_id, pos)
    ${givenQuestion('s.question_id', 'a.question_versions[s.pos]')}
    WHERE a.id = ${assessmentId} AND q.type = 'text'
      AND jsonb_typeof(sh.answers[s.pos]::jsonb) = 'string'`);
  const rows = result.rows as unknown as TextAnswerRow[];
  if (rows.length === 0) return new Map();
  const verdicts = await grade(
    rows.map((row) => ({
      id: String(row.pos),
      question: row.question,
      options: [],
      expected: keyText(JSON.parse(row.key_json) as QuestionKey),
      given: row.given,
    })),
  );
  return new Map([...verdicts].map(([id, verdict]) => [Number(id), verdict]));
}
