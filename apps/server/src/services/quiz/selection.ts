import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { queryPrepared, type PreparedStatement } from '../../db/prepared.js';
import { SECTION_TYPE_ORDER, type QuestionType } from '@ai-tutor/contract';
import type { QuizScope } from './scope.js';

/** How many of the learner's latest sessions count as "recent" when preferring unseen questions. */
export const RECENT_SESSIONS = 50;

export interface SelectedQuestion {
  id: string;
  subjectId: string;
  text: string;
  type: QuestionType;
  passage: string | null;
  options: string[];
  /** Set by draws across subjects (review, adaptive): the scope's subject list does not name them. */
  subjectName?: string;
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
 * $1 user id, $2 the subjects as a uuid[] literal, $3 topic id (NULL for none), $4 how many at most per
 * subject (no subject ever needs more than the whole count, so each subject's ranking is cut there).
 * Prepared: planning this statement cost about as much as running it.
 */
const DRAW: PreparedStatement = {
  name: 'quiz_draw_questions_v3',
  text: `
    WITH recent AS (
      SELECT question_ids, created_at FROM assessments
      WHERE user_id = $1::uuid
      ORDER BY created_at DESC
      LIMIT ${RECENT_SESSIONS}
    ), seen AS (
      SELECT s.question_id, max(r.created_at) AS last_seen
      FROM recent r CROSS JOIN LATERAL unnest(r.question_ids) AS s(question_id)
      GROUP BY s.question_id
    ), ranked AS (
      SELECT q.id, q.subject_id, q.text, q.type, q.options::text AS options_json, p.text AS passage,
        row_number() OVER (PARTITION BY q.subject_id ORDER BY s.last_seen ASC NULLS FIRST, random()) AS rank
      FROM questions q LEFT JOIN seen s ON s.question_id = q.id
        LEFT JOIN passages p ON p.id = q.passage_id
      WHERE q.status = 'active' AND q.dropped_at IS NULL AND q.subject_id = ANY($2::uuid[])
        AND ($3::uuid IS NULL OR q.topic_id = $3::uuid)
    )
    SELECT id, subject_id, text, type, options_json, passage FROM ranked
    WHERE rank <= $4::int
    ORDER BY rank`,
};

/**
 * Draws the questions of a new session: active ones only; per subject, questions the learner has not
 * met in their recent sessions first, then the ones met longest ago, random within each group. The
 * result is grouped by subject in catalogue order, then by section (question type), shuffled within each.
 */
export async function selectQuestions(db: Db, userId: string, scope: QuizScope): Promise<SelectedQuestion[]> {
  if (scope.subjects.length === 0 || scope.questionCount <= 0) return [];
  const rows = (await queryPrepared(db, DRAW, [
    userId,
    `{${scope.subjects.map((s) => s.id).join(',')}}`,
    scope.topic?.id ?? null,
    scope.questionCount,
  ])) as {
    id: string;
    subject_id: string;
    text: string;
    type: QuestionType;
    options_json: string;
    passage: string | null;
  }[];

  const bySubject = new Map<string, SelectedQuestion[]>(scope.subjects.map((s) => [s.id, []]));
  for (const row of rows) {
    bySubject.get(row.subject_id)?.push({
      id: row.id,
      subjectId: row.subject_id,
      text: row.text,
      type: row.type,
      passage: row.passage,
      options: JSON.parse(row.options_json) as string[],
    });
  }
  const pools = scope.subjects.map((s) => bySubject.get(s.id) ?? []);
  const counts = allocate(
    scope.questionCount,
    pools.map((pool) => pool.length),
  );
  return pools.flatMap((pool, i) => inSectionOrder(shuffle(pool.slice(0, counts[i] ?? 0))));
}

/** A subject's questions in NTA's section order (single-correct first, numerical later), stable within each type. */
function inSectionOrder(questions: SelectedQuestion[]): SelectedQuestion[] {
  return [...questions].sort((a, b) => SECTION_TYPE_ORDER[a.type] - SECTION_TYPE_ORDER[b.type]);
}
