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
  /** Whether each position was opened (reported, saved to, marked or given time). */
  visited: boolean[];
  marked: boolean[];
}

/** Opened: reported by the web app, or shown by a save, a mark or time spent on the position. */
export function visitedPositions(
  visited: (boolean | null)[] | null,
  marked: (boolean | null)[],
  timeSpent: (number | null)[],
  answers: AnswerValue[],
): boolean[] {
  return answers.map(
    (answer, i) =>
      answer !== null || Boolean(visited?.[i]) || Boolean(marked[i]) || Number(timeSpent[i] ?? 0) > 0,
  );
}

/**
 * The submit's report of the positions the learner opened (the web app knows; saves alone do not tell,
 * as moving past a blank question sends nothing). Only on the caller's open sheet; positions beyond it
 * are ignored.
 */
export async function reportVisits(
  tx: DbOrTx,
  userId: string,
  sessionId: string,
  positions: number[],
): Promise<void> {
  if (positions.length === 0) return;
  await tx.execute(sql`
    UPDATE answer_sheets s SET visited = (
      SELECT array_agg(coalesce(s.visited[i], false) OR i - 1 = ANY(${`{${positions.join(',')}}`}::int[]) ORDER BY i)
      FROM generate_series(1, cardinality(s.answers)) AS i)
    WHERE s.assessment_id = ${sessionId} AND s.user_id = ${userId} AND NOT s.completed`);
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
    RETURNING assessment_id, answers, time_spent, marked, visited`);
  const rows = result.rows as unknown as {
    assessment_id: string;
    answers: (string | null)[];
    time_spent: number[];
    marked: boolean[];
    visited: boolean[] | null;
  }[];
  return new Map(
    rows.map((r) => {
      const answers = parseAnswers(r.answers);
      const timeSpent = r.time_spent.map(Number);
      const visited = visitedPositions(r.visited, r.marked, timeSpent, answers);
      return [r.assessment_id, { answers, timeSpent, visited, marked: r.marked.map(Boolean) }];
    }),
  );
}
