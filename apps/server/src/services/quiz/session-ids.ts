import { randomUUID } from 'node:crypto';

/**
 * Evaluation ids without evaluation rows (decision 0010). A session's questions live in its own row,
 * so an evaluation is a position in that row; its id must still be a UUID (the contract's) that leads
 * a save straight to the session by primary key, with no index to look it up in.
 * So a session's id is a random UUID whose last 12 bits are zero (110 random bits remain), and the
 * evaluation at position p is that id with p + 1 in those bits. Nothing else reads ids this way.
 */
const POSITION_BITS = 12;
export const MAX_POSITIONS = (1 << POSITION_BITS) - 1;

export function newSessionId(): string {
  return `${randomUUID().slice(0, 33)}000`;
}

export function evaluationId(sessionId: string, position: number): string {
  return sessionId.slice(0, 33) + (position + 1).toString(16).padStart(3, '0');
}

/** The session and position an evaluation id names; null for an id no session could have made. */
export function parseEvaluationId(id: string): { sessionId: string; position: number } | null {
  const low = Number.parseInt(id.slice(33), 16);
  if (!Number.isInteger(low) || low < 1 || id.length !== 36) return null;
  return { sessionId: `${id.slice(0, 33).toLowerCase()}000`, position: low - 1 };
}

/**
 * SQL for operators, the bench and the fault tests: `$1` a uuid[] of evaluation ids → rows (id,
 * session_id, user_answer as text: the option or typed answer, a JSON array for multiple, NULL for
 * none), the same layout as above read in SQL.
 */
export const EVALUATION_ANSWERS_SQL = `
  SELECT e.id::text AS id, s.assessment_id::text AS session_id,
    s.answers[('x' || lpad(right(e.id::text, 3), 8, '0'))::bit(32)::int]::jsonb #>> '{}' AS user_answer
  FROM unnest($1::uuid[]) AS e(id)
  JOIN answer_sheets s ON s.assessment_id = (left(e.id::text, 33) || '000')::uuid`;
