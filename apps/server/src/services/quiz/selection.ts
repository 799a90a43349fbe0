import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { QuizScope } from './scope.js';

/** How many of the learner's latest sessions count as "recent" when preferring unseen questions. */
export const RECENT_SESSIONS = 50;

export interface SelectedQuestion {
  id: string;
  subjectId: string;
  options: string[];
}

/**
 * Spreads `total` over subjects as evenly as their stock allows: equal shares (earlier subjects take
 * the remainder), and what a short subject cannot supply goes to the others, so a mock test is only
 * shorter than asked when the whole module has too few questions.
 */
export function allocate(total: number, available: number[]): number[] {
  const counts = available.map(() => 0);
  let remaining = total;
  let open = available.map((_, i) => i).filter((i) => (available[i] ?? 0) > 0);
  while (remaining > 0 && open.length > 0) {
    const share = Math.floor(remaining / open.length);
    const extra = remaining % open.length;
    open.forEach((i, k) => {
      const want = share + (k < extra ? 1 : 0);
      const take = Math.min(want, (available[i] ?? 0) - (counts[i] ?? 0));
      counts[i] = (counts[i] ?? 0) + take;
      remaining -= take;
    });
    open = open.filter((i) => (counts[i] ?? 0) < (available[i] ?? 0));
  }
  return counts;
}

/** Fisher–Yates with a CSPRNG: option order must not be guessable from the question bank's order. */
export function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Draws the questions of a new session: active ones only; per subject, questions the learner has not
 * met in their recent sessions first, then the ones met longest ago, random within each group. The
 * result is grouped by subject in catalogue order and shuffled within each subject.
 */
export async function selectQuestions(
  db: DbOrTx,
  userId: string,
  scope: QuizScope,
): Promise<SelectedQuestion[]> {
  if (scope.subjectIds.length === 0 || scope.questionCount <= 0) return [];
  const subjectList = sql.join(
    scope.subjectIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const topicFilter = scope.topic ? sql`AND q.topic_id = ${scope.topic.id}` : sql``;
  // No subject ever needs more than the whole count, so each subject's ranking is cut there.
  const result = await db.execute(sql`
    WITH recent AS (
      SELECT id, created_at FROM assessments
      WHERE user_id = ${userId}
      ORDER BY created_at DESC
      LIMIT ${RECENT_SESSIONS}
    ), seen AS (
      SELECT e.question_id, max(r.created_at) AS last_seen
      FROM evaluations e JOIN recent r ON r.id = e.assessment_id
      GROUP BY e.question_id
    ), ranked AS (
      SELECT q.id, q.subject_id, q.options::text AS options_json,
        row_number() OVER (PARTITION BY q.subject_id ORDER BY s.last_seen ASC NULLS FIRST, random()) AS rank
      FROM questions q LEFT JOIN seen s ON s.question_id = q.id
      WHERE q.status = 'active' AND q.subject_id IN (${subjectList}) ${topicFilter}
    )
    SELECT id, subject_id, options_json FROM ranked
    WHERE rank <= ${scope.questionCount}::int
    ORDER BY rank`);

  const bySubject = new Map<string, SelectedQuestion[]>(scope.subjectIds.map((id) => [id, []]));
  for (const row of result.rows as { id: string; subject_id: string; options_json: string }[]) {
    bySubject.get(row.subject_id)?.push({
      id: row.id,
      subjectId: row.subject_id,
      options: JSON.parse(row.options_json) as string[],
    });
  }
  const pools = scope.subjectIds.map((id) => bySubject.get(id) ?? []);
  const counts = allocate(
    scope.questionCount,
    pools.map((pool) => pool.length),
  );
  return pools.flatMap((pool, i) => shuffle(pool.slice(0, counts[i] ?? 0)));
}
