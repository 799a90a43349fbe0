import { currentScheme, fullMarks, SAVE_GRACE_SECONDS } from '@ai-tutor/contract';
import type { Db } from '../../db/client.js';
import { queryPrepared, type PreparedStatement } from '../../db/prepared.js';
import { outOfCirculationText } from '../live-tests/circulation.js';
import { minutesWithExtraTimeSql } from './extra-time.js';
import type { QuizScope } from './scope.js';
import { RECENT_SESSIONS, selectQuestions, shuffle } from './selection.js';

/**
 * Papers drawn ahead of time for module mock tests (docs/decisions/0029-papers-drawn-ahead.md). A
 * variant is one draw of the module, made in the background by the same DRAW as a start's for a
 * learner with no history, stored with its questions, versions, types and ORDERS option orders; many
 * starts take the same variant, each one of its orders, so a start is one statement that picks a
 * variant and writes the session from it. A variant is deleted (by trigger) as soon as one of its
 * questions changes; a start skips one that holds a question of an open live paper or of the learner's
 * running timed test, or that the learner met in their recent sessions. No variant left: the start
 * draws afresh as before, and the refill job draws new ones.
 */

/** Option orders kept per variant when the exam shuffles options (measured in decision 0029). */
export const ORDERS = 8;
/** A variant is replaced after this long, so a module's papers keep changing across days. */
export const VARIANT_MAX_AGE_MINUTES = 60;
/** A learner with no history: the draw then takes each subject's questions at random. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** Whether a start of this scope may take a drawn-ahead paper: module mock tests in one language. */
export const poolable = (scope: QuizScope) =>
  scope.quizType === 'module' && !scope.draw && !!scope.module && (scope.exam.languages?.length ?? 0) < 2;

const subjectsOf = (scope: QuizScope) => `{${scope.subjects.map((s) => s.id).join(',')}}`;
const shuffles = (scope: QuizScope) => scope.exam.shuffleOptions !== false;

/**
 * $1 id, $2 slug, $3 user, $4 quiz type, $5 scope key, $6 exam, $7 module, $8 the module's subjects
 * (uuid[] literal), $9 its question count, $10 session name, $11 whether the exam shuffles options,
 * $12 which option order (0…ORDERS-1), $13 minutes, $14 scheme, $15 mode, $16 timed, $17 language.
 * One statement: the pick (a variant of this module as it now is, none of whose questions is out of
 * circulation or in the learner's running timed tests, not met in their RECENT_SESSIONS sessions), the
 * session's row and its answer sheet copied from the variant, and the scope's one-running-attempt rule
 * (ON CONFLICT). Answers the variant (null: none fits) and, when inserted, the session's times.
 */
const MINUTES = `CASE WHEN $16::boolean THEN ${minutesWithExtraTimeSql('$13::int', '$3::uuid')} ELSE $13::int END`;
const POOL_CREATE: PreparedStatement = {
  name: 'quiz_create_from_pool_v2',
  text: `
    WITH v AS (
      SELECT v.id, v.question_ids, v.question_versions, v.question_types, v.total_marks,
        cardinality(v.question_ids) AS n, $12::int % v.order_count AS order_index
      FROM paper_variants v
      WHERE v.module_id = $7::uuid AND v.subject_ids = $8::uuid[] AND v.asked = $9::int
        AND v.shuffled = $11::boolean AND v.marking_scheme = $14::text
        AND NOT v.question_ids && ARRAY(${outOfCirculationText})
        AND NOT v.question_ids && ARRAY(SELECT unnest(r.question_ids) FROM assessments r
          WHERE r.user_id = $3::uuid AND NOT r.session_completed AND r.timed
            AND r.deadline > now() - make_interval(secs => ${SAVE_GRACE_SECONDS}))
        AND v.id <> ALL (ARRAY(SELECT m.paper_variant_id FROM (SELECT paper_variant_id FROM assessments
          WHERE user_id = $3::uuid ORDER BY created_at DESC LIMIT ${RECENT_SESSIONS}) m
          WHERE m.paper_variant_id IS NOT NULL))
      ORDER BY random() LIMIT 1
    ), o AS (
      SELECT o.options FROM paper_variant_orders o JOIN v ON o.variant_id = v.id AND o.ord = v.order_index
    ), session AS (
      INSERT INTO assessments (id, slug, user_id, quiz_type, scope_key, exam_id, module_id,
        session_name, total_questions, total_marks, total_time, start_time, deadline, marking_scheme,
        question_ids, question_versions, mode, timed, confidence, hints_given, language, paper_variant_id)
      SELECT $1::uuid, $2::text, $3::uuid, $4::text, $5::text, $6::uuid, $7::uuid, $10::text, v.n,
        v.total_marks, ${MINUTES}, now(), now() + make_interval(mins => ${MINUTES}), $14::text,
        v.question_ids, v.question_versions, $15::text, $16::boolean,
        CASE WHEN $15::text <> 'timed' THEN array_fill(NULL::text, ARRAY[v.n]) END,
        CASE WHEN $15::text <> 'timed' THEN array_fill(0, ARRAY[v.n]) END, $17::text, v.id
      FROM v CROSS JOIN o
      ON CONFLICT (user_id, scope_key) WHERE session_completed = false DO NOTHING
      RETURNING id, user_id, deadline, total_time, start_time, created_at
    ), sheet AS (
      INSERT INTO answer_sheets (assessment_id, user_id, deadline, total_time, question_types, options,
        answers, marked, time_spent, checked)
      SELECT s.id, s.user_id, s.deadline, s.total_time, v.question_types, o.options,
        array_fill(NULL::text, ARRAY[v.n]), array_fill(false, ARRAY[v.n]), array_fill(0, ARRAY[v.n]),
        CASE WHEN $15::text <> 'timed' THEN array_fill(false, ARRAY[v.n]) END
      FROM session s CROSS JOIN v CROSS JOIN o
    )
    SELECT v.id::text AS variant_id, v.total_marks, v.n, v.order_index,
      (extract(epoch from s.start_time) * 1000)::float8 AS start_ms,
      (extract(epoch from s.deadline) * 1000)::float8 AS deadline_ms,
      (extract(epoch from s.created_at) * 1000)::float8 AS created_ms,
      (extract(epoch from clock_timestamp()) * 1000)::float8 AS server_ms, s.total_time
    FROM v LEFT JOIN session s ON true`,
};

export interface PoolStart {
  variantId: string;
  /** Which of the variant's option orders this session shows. */
  order: number;
  totalMarks: number;
  totalQuestions: number;
  /** Null: the scope already had a running attempt (another start of this learner won). */
  created: {
    start_ms: number;
    deadline_ms: number;
    created_ms: number;
    server_ms: number;
    total_time: number;
  } | null;
}

interface PoolRow {
  variant_id: string;
  order_index: number;
  total_marks: number;
  n: number;
  start_ms: number | null;
  deadline_ms: number;
  created_ms: number;
  server_ms: number;
  total_time: number;
}

/** Starts the session from a drawn-ahead paper; null when no variant fits (draw afresh). */
export async function startFromPool(
  db: Db,
  session: { id: string; slug: string; userId: string; scopeKey: string; language: string | null },
  scope: QuizScope,
): Promise<PoolStart | null> {
  const order = Math.floor(Math.random() * ORDERS);
  const [row] = (await queryPrepared(db, POOL_CREATE, [
    session.id,
    session.slug,
    session.userId,
    scope.quizType,
    session.scopeKey,
    scope.exam.id,
    scope.module!.id,
    subjectsOf(scope),
    scope.questionCount,
    scope.sessionName,
    shuffles(scope),
    order,
    scope.totalTime,
    currentScheme(scope.markingScheme).id,
    scope.mode,
    scope.timed,
    session.language,
  ])) as unknown as PoolRow[];
  if (!row) return null;
  return {
    variantId: row.variant_id,
    order: Number(row.order_index),
    totalMarks: Number(row.total_marks),
    totalQuestions: Number(row.n),
    created: row.start_ms === null ? null : { ...row, start_ms: Number(row.start_ms) },
  };
}

/**
 * $1 module, $2 subjects, $3 asked, $4 shuffled, $5 scheme, $6 question ids, $7 versions, $8 row
 * versions, $9 types, $10 the option orders (a JSON array of them), $11 total marks. Written only if every question is still at
 * the row version drawn, approved and not dropped, its row locked FOR SHARE: an edit committing in
 * between either waits for this insert (and its trigger then deletes the variant) or has already made
 * a new row version, which this check sees (the recheck of a locked row reads its newest version).
 */
const INSERT_VARIANT: PreparedStatement = {
  name: 'quiz_insert_paper_variant_v2',
  text: `
    WITH current AS (
      SELECT q.id FROM questions q JOIN unnest($6::uuid[], $8::text[]) AS d(id, row_version) ON d.id = q.id
      WHERE q.xmin::text = d.row_version AND q.status = 'approved' AND q.dropped_at IS NULL
      FOR SHARE OF q
    ), variant AS (
      INSERT INTO paper_variants (module_id, subject_ids, asked, shuffled, marking_scheme, total_marks,
        question_ids, question_versions, row_versions, question_types, order_count)
      SELECT $1::uuid, $2::uuid[], $3::int, $4::boolean, $5::text, $11::int, $6::uuid[], $7::int[],
        $8::text[], $9::text[], jsonb_array_length($10::jsonb)
      WHERE (SELECT count(*) FROM current) = cardinality($6::uuid[])
      RETURNING id
    )
    INSERT INTO paper_variant_orders (variant_id, ord, options)
    SELECT variant.id, o.ord - 1, o.options
    FROM variant CROSS JOIN jsonb_array_elements($10::jsonb) WITH ORDINALITY AS o(options, ord)
    RETURNING variant_id`,
};

/** Draws one variant of the scope's module and stores it; false when the bank gave nothing or it changed meanwhile. */
export async function drawVariant(db: Db, scope: QuizScope): Promise<boolean> {
  const picked = await selectQuestions(db, NOBODY, scope);
  if (picked.length === 0 || picked.some((q) => !q.rowVersion)) return false;
  const scheme = currentScheme(scope.markingScheme);
  const orders = Array.from({ length: shuffles(scope) ? ORDERS : 1 }, () =>
    picked.map((q) => (shuffles(scope) ? shuffle(q.options) : [...q.options])),
  );
  const rows = await queryPrepared(db, INSERT_VARIANT, [
    scope.module!.id,
    subjectsOf(scope),
    scope.questionCount,
    shuffles(scope),
    scheme.id,
    `{${picked.map((q) => q.id).join(',')}}`,
    `{${picked.map((q) => q.version).join(',')}}`,
    `{${picked.map((q) => q.rowVersion).join(',')}}`,
    `{${picked.map((q) => q.type).join(',')}}`,
    JSON.stringify(orders),
    picked.reduce((sum, q) => sum + fullMarks(scheme, q.type), 0),
  ]);
  return rows.length > 0;
}

const COUNT: PreparedStatement = {
  name: 'quiz_count_paper_variants_v1',
  text: `
    SELECT count(*)::int AS fresh,
      (SELECT id::text FROM paper_variants o WHERE o.module_id = $1::uuid
        AND o.created_at < now() - make_interval(mins => ${VARIANT_MAX_AGE_MINUTES})
        ORDER BY o.created_at LIMIT 1) AS oldest_stale
    FROM paper_variants v
    WHERE v.module_id = $1::uuid AND v.subject_ids = $2::uuid[] AND v.asked = $3::int
      AND v.shuffled = $4::boolean AND v.marking_scheme = $5::text`,
};
const DELETE_VARIANT: PreparedStatement = {
  name: 'quiz_delete_paper_variant_v1',
  text: `DELETE FROM paper_variants WHERE id = $1::uuid`,
};

/**
 * Tops up one module's pool to `size` variants, drawing until `until` (performance.now(): the job's
 * tick stays short); a full pool retires its oldest variant past VARIANT_MAX_AGE_MINUTES, replaced next
 * tick. Several instances may top up at once: the pool then briefly holds a few more.
 */
export async function refillModule(db: Db, scope: QuizScope, size: number, until: number): Promise<number> {
  const [row] = (await queryPrepared(db, COUNT, [
    scope.module!.id,
    subjectsOf(scope),
    scope.questionCount,
    shuffles(scope),
    currentScheme(scope.markingScheme).id,
  ])) as { fresh: number; oldest_stale: string | null }[];
  const have = Number(row?.fresh ?? 0);
  if (have >= size) {
    if (row?.oldest_stale) await queryPrepared(db, DELETE_VARIANT, [row.oldest_stale]);
    return 0;
  }
  let drawn = 0;
  for (let i = have; i < size && performance.now() < until; i++) if (await drawVariant(db, scope)) drawn++;
  return drawn;
}
