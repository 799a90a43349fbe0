import type { AnswerValue } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * A session's answer sheet (decision 0013): its own row, one per session, which saves update and
 * completion closes. Answers are stored by position as JSON text (jsonb's), NULL when unanswered.
 */

/** One stored answer: JSON text, or NULL for none. */
export const parseAnswer = (json: string | null | undefined): AnswerValue =>
  json == null ? null : (JSON.parse(json) as AnswerValue);

/** A sheet's answers (text[]: both drivers hand arrays over parsed). */
export const parseAnswers = (value: (string | null)[]): AnswerValue[] => value.map(parseAnswer);

export interface ClosedSheet {
  answers: AnswerValue[];
  timeSpent: number[];
}

/**
 * Completion's first write, under the sessions' locks: marks their sheets completed and returns what
 * is written on them. It waits for a save in flight on a sheet and then reads that save's answer; a
 * save after it finds the sheet completed and is refused. So the answers scored are exactly those
 * acknowledged.
 */
export async function closeSheets(tx: DbOrTx, sessionIds: string[]): Promise<Map<string, ClosedSheet>> {
  if (sessionIds.length === 0) return new Map();
  const result = await tx.execute(sql`
    UPDATE answer_sheets SET completed = true
    WHERE assessment_id = ANY(${`{${sessionIds.join(',')}}`}::uuid[])
    RETURNING assessment_id, answers, time_spent`);
  const rows = result.rows as unknown as {
    assessment_id: string;
    answers: (string | null)[];
    time_spent: number[];
  }[];
  return new Map(
    rows.map((r) => [
      r.assessment_id,
      { answers: parseAnswers(r.answers), timeSpent: r.time_spent.map(Number) },
    ]),
  );
}
