import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { queryPrepared, type PreparedStatement } from '../../db/prepared.js';
import { sql } from 'drizzle-orm';
import { SAVE_GRACE_SECONDS, SECTION_TYPE_ORDER, type QuestionType } from '@ai-tutor/contract';
import { questionBodies } from './question-bodies.js';
import type { QuizScope } from './scope.js';
import { inCirculationText } from '../live-tests/circulation.js';

/** How many of the learner's latest sessions count as "recent" when preferring unseen questions. */
export const RECENT_SESSIONS = 50;

export interface SelectedQuestion {
  id: string;
  /** The version drawn: the session records it (docs/decisions/0028-question-versions.md). */
  version: number;
  subjectId: string;
  text: string;
  type: QuestionType;
  passage: string | null;
  options: readonly string[];
  /** Set by draws across subjects (review, adaptive): the scope's subject list does not name them. */
  subjectName?: string;
  /** The row version (`xmin`) drawn: a paper drawn ahead keeps it (paper-pool.ts). */
  rowVersion?: string;
  /** A live paper's draw only: false when the question is also in another open live paper. */
  circulating?: boolean;
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
 * subject (no subject ever needs more than the whole count, so each subject's ranking is cut there),
 * $5 whether this draws a live paper.
 * Never drawn: questions of the learner's running timed sessions (a practice check or another test's
 * result would show their keys while that test still takes answers: until its deadline plus the save
 * grace), and questions out of circulation (another live paper's, decision 0014) — except that a live
 * paper takes them last, when the bank has too few others (the operator is told).
 * Prepared: planning this statement cost about as much as running it. It answers, per subject, the
 * ranked ids, row versions and circulation flags only, as arrays (one row per subject: parsing 180 rows
 * cost the server ~0.2 ms more a start); the bodies come from question-bodies.ts (decision 0021).
 */
const DRAW: PreparedStatement = {
  name: 'quiz_draw_questions_v6',
  text: `
    WITH running AS (
      SELECT DISTINCT unnest(question_ids) AS question_id FROM assessments
      WHERE user_id = $1::uuid AND NOT session_completed AND timed
        AND deadline > now() - make_interval(secs => ${SAVE_GRACE_SECONDS})
    ), recent AS (
      SELECT question_ids, created_at FROM assessments
      WHERE user_id = $1::uuid
      ORDER BY created_at DESC
      LIMIT ${RECENT_SESSIONS}
    ), seen AS (
      SELECT s.question_id, max(r.created_at) AS last_seen
      FROM recent r CROSS JOIN LATERAL unnest(r.question_ids) AS s(question_id)
      GROUP BY s.question_id
    ), ranked AS (
      SELECT q.id, q.subject_id, q.xmin::text AS version, c.circulating,
        row_number() OVER (PARTITION BY q.subject_id
          ORDER BY c.circulating DESC, s.last_seen ASC NULLS FIRST, random()) AS rank
      FROM questions q CROSS JOIN LATERAL (SELECT ${inCirculationText('q.id')} AS circulating) c
        LEFT JOIN seen s ON s.question_id = q.id
      WHERE q.status = 'approved' AND q.dropped_at IS NULL AND q.subject_id = ANY($2::uuid[])
        AND ($3::uuid IS NULL OR q.topic_id = $3::uuid)
        AND NOT EXISTS (SELECT 1 FROM running r WHERE r.question_id = q.id)
        AND (c.circulating OR $5::boolean)
    )
    SELECT subject_id, array_agg(id ORDER BY rank)::text AS ids,
      array_agg(version ORDER BY rank)::text AS versions,
      array_agg(circulating ORDER BY rank)::text AS circulating
    FROM ranked WHERE rank <= $4::int
    GROUP BY subject_id`,
};

interface DrawnQuestion {
  id: string;
  subject_id: string;
  version: string;
  circulating: boolean;
}

/**
 * Draws the questions of a new session: active ones in circulation only (a live paper: those first);
 * per subject, questions the learner has not met in their recent sessions first, then the ones met
 * longest ago, random within each group. The result is grouped by subject in catalogue order, then by
 * section (question type), shuffled within each.
 */
export async function selectQuestions(
  db: Db,
  userId: string,
  scope: QuizScope,
  livePaper = false,
): Promise<SelectedQuestion[]> {
  if (scope.subjects.length === 0 || scope.questionCount <= 0) return [];
  const rows = (await queryPrepared(db, DRAW, [
    userId,
    `{${scope.subjects.map((s) => s.id).join(',')}}`,
    scope.topic?.id ?? null,
    scope.questionCount,
    livePaper,
  ])) as { subject_id: string; ids: string; versions: string; circulating: string }[];

  // uuid[] and xid[] as text: '{id,id,…}', neither ever quoted.
  const items = (array: string) => (array.length > 2 ? array.slice(1, -1).split(',') : []);
  const bySubject = new Map<string, DrawnQuestion[]>();
  for (const row of rows) {
    const versions = items(row.versions);
    const circulating = items(row.circulating);
    bySubject.set(
      row.subject_id,
      items(row.ids).map((id, i) => ({
        id,
        subject_id: row.subject_id,
        version: versions[i] ?? '',
        circulating: circulating[i] !== 'f',
      })),
    );
  }
  const pools = scope.subjects.map((s) => bySubject.get(s.id) ?? []);
  const counts = allocate(
    scope.questionCount,
    pools.map((pool) => pool.length),
  );
  const drawn = pools.map((pool, i) => shuffle(pool.slice(0, counts[i] ?? 0)));
  const bodies = await questionBodies(db, drawn.flat());
  return drawn.flatMap((subjectDraw) =>
    inSectionOrder(
      subjectDraw.flatMap((row) => {
        const body = bodies.get(row.id);
        // A question deleted between the draw and the read is left out, as if not drawn.
        if (!body) return [];
        return [
          {
            id: row.id,
            subjectId: row.subject_id,
            rowVersion: row.version,
            ...body,
            ...(livePaper ? { circulating: row.circulating } : {}),
          },
        ];
      }),
    ),
  );
}

/** A subject's questions in NTA's section order (single-correct first, numerical later), stable within each type. */
function inSectionOrder(questions: SelectedQuestion[]): SelectedQuestion[] {
  return [...questions].sort((a, b) => SECTION_TYPE_ORDER[a.type] - SECTION_TYPE_ORDER[b.type]);
}

/** Whether the learner's running timed sessions hold questions of these subjects (of this topic). */
export async function heldByRunningTest(
  db: Db,
  userId: string,
  subjectIds: string[],
  topicId: string | null,
): Promise<boolean> {
  if (subjectIds.length === 0) return false;
  const result = await db.execute(sql`
    SELECT 1 FROM assessments a JOIN questions q ON q.id = ANY (a.question_ids)
    WHERE a.user_id = ${userId}::uuid AND NOT a.session_completed AND a.timed
      AND a.deadline > now() - make_interval(secs => ${SAVE_GRACE_SECONDS}::int)
      AND q.subject_id = ANY (${`{${subjectIds.join(',')}}`}::uuid[])
      AND (${topicId}::uuid IS NULL OR q.topic_id = ${topicId}::uuid)
    LIMIT 1`);
  return result.rows.length > 0;
}
