import { currentScheme, fullMarks } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { PaperSubject } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { auditRepository, CLI_ACTOR, type Actor } from '../console/audit-repository.js';
import { formatSessionDate, resolveScope } from '../quiz/scope.js';
import { selectQuestions } from '../quiz/selection.js';

/**
 * Scheduling live tests (the operator's CLI, docs/product.md#live-test-rules). The paper is drawn once, here, by the
 * module mock test's own drawing (its size, its subjects, its shares per subject), so every taker
 * gets the same questions and ranks compare like with like. From then until its results open the
 * paper is out of circulation (circulation.ts); another open paper's questions are drawn only when
 * the module has too few others, and the summary counts them.
 *
 * Rules: the window must close after it opens and in the future, and be at least the module's duration
 * long (a learner starting at the opening gets the whole test; later starters get less, as the
 * deadline is never after the close). A test can be cancelled only before it opens (nobody has
 * started it); once open it runs to its close and is ranked.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export class ScheduleError extends Error {
  override name = 'ScheduleError';
  /** What the console's API answers for it. */
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

/** Nobody's sessions: the draw then prefers no question over another for having been seen. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

export interface ScheduleRequest {
  moduleSlug: string;
  opensAt: Date;
  closesAt: Date;
  name?: string;
  /** Only these batches' members see and take it; none: every learner. */
  batchIds?: string[];
  release?: 'at-close' | 'manual';
  /** Who schedules it, for the audit row (the command line by default). */
  actor?: Actor;
}
export interface ScheduledSummary {
  id: string;
  name: string;
  questions: number;
  durationMinutes: number;
  markingScheme: string;
  /** Questions also in another live test's paper that is not closed yet (the bank had too few others). */
  shared: number;
}

/** A window that closes after it opens, in the future, and at least the test's duration long. */
export function checkWindow(opensAt: Date, closesAt: Date, minutes = 0): void {
  if (Number.isNaN(opensAt.getTime()) || Number.isNaN(closesAt.getTime()))
    throw new ScheduleError('--opens and --closes take ISO date-times, such as 2026-12-01T09:00:00Z');
  if (closesAt <= opensAt) throw new ScheduleError('the test must close after it opens');
  if (closesAt <= new Date()) throw new ScheduleError('the test would already be closed');
  if (closesAt.getTime() - opensAt.getTime() < minutes * 60_000)
    throw new ScheduleError(
      `the window must be at least the test's duration (${minutes} minute${minutes === 1 ? '' : 's'})`,
    );
}

export async function scheduleTest(db: Db, request: ScheduleRequest): Promise<ScheduledSummary> {
  const { opensAt, closesAt } = request;
  checkWindow(opensAt, closesAt);
  const found = (
    await db.execute(sql`
      SELECT e.slug AS exam_slug FROM modules m JOIN exams e ON e.id = m.exam_id
      WHERE m.slug = ${request.moduleSlug}`)
  ).rows as { exam_slug: string }[];
  if (!found[0]) throw new ScheduleError(`no module with slug "${request.moduleSlug}"`, 404);
  let scope;
  try {
    scope = await resolveScope(
      db,
      { examSlug: found[0].exam_slug, quizType: 'module', moduleSlug: request.moduleSlug, type: 'quiz' },
      opensAt,
      NOBODY,
    );
  } catch (error) {
    if (error instanceof AppError) throw new ScheduleError(error.message);
    throw error;
  }
  const module = scope.module;
  if (!module) throw new ScheduleError(`no module with slug "${request.moduleSlug}"`);
  const minutes = scope.totalTime;
  checkWindow(opensAt, closesAt, minutes);
  // Other open papers' questions come last (decision 0014): taken only when the bank is short.
  const picked = await selectQuestions(db, NOBODY, scope, true);
  if (picked.length === 0) throw new ScheduleError(`no active questions in ${module.name}`);
  const scheme = currentScheme(scope.markingScheme);
  const paper: PaperSubject[] = scope.subjects
    .map((s) => ({
      subjectId: s.id,
      questionIds: picked.filter((q) => q.subjectId === s.id).map((q) => q.id),
    }))
    .filter((p) => p.questionIds.length > 0);
  const totalMarks = picked.reduce((sum, q) => sum + fullMarks(scheme, q.type), 0);
  const name = request.name?.trim() || `${module.name} Live Test · ${formatSessionDate(opensAt)}`;
  const ids = paper.flatMap((p) => p.questionIds);
  const batchIds = [...new Set(request.batchIds ?? [])];
  const release = request.release ?? 'at-close';
  // The test, its batches and its audit row commit together.
  const row = await db.transaction(async (tx) => {
    await checkBatches(tx, batchIds);
    const [inserted] = (
      await tx.execute(sql`
        INSERT INTO scheduled_tests (exam_id, module_id, name, opens_at, closes_at, duration_minutes,
          marking_scheme, total_marks, paper, question_ids, release)
        VALUES (${scope.exam.id}::uuid, ${module.id}::uuid, ${name}, ${opensAt.toISOString()}::timestamptz,
          ${closesAt.toISOString()}::timestamptz, ${minutes}::int, ${scheme.id}, ${totalMarks}::int,
          ${JSON.stringify(paper)}::jsonb, ${`{${ids.join(',')}}`}::uuid[], ${release})
        RETURNING id`)
    ).rows as { id: string }[];
    await setTestBatches(tx, inserted!.id, batchIds);
    await auditRepository.write(tx, request.actor ?? CLI_ACTOR, {
      action: 'live-test.schedule',
      objectType: 'live-test',
      objectId: inserted!.id,
      objectLabel: name,
      after: {
        moduleSlug: request.moduleSlug,
        opensAt: opensAt.toISOString(),
        closesAt: closesAt.toISOString(),
        questions: ids.length,
        batchIds,
        release,
      },
    });
    return inserted!;
  });
  return {
    id: row!.id,
    name,
    questions: ids.length,
    durationMinutes: minutes,
    markingScheme: scheme.id,
    shared: picked.filter((q) => q.circulating === false).length,
  };
}

/** Refuses batch ids that name no batch (a ScheduleError, nothing written). */
export async function checkBatches(tx: DbOrTx, batchIds: string[]): Promise<void> {
  if (batchIds.length === 0) return;
  if (!batchIds.every(isUuid)) throw new ScheduleError('a batch id is not a valid id');
  const found = (
    await tx.execute(sql`SELECT id FROM batches WHERE id = ANY (${`{${batchIds.join(',')}}`}::uuid[])`)
  ).rows as { id: string }[];
  const missing = batchIds.filter((id) => !found.some((row) => row.id === id));
  if (missing.length) throw new ScheduleError(`no batch with id ${missing.join(', ')}`, 404);
}

/** Replaces the test's batches. */
export async function setTestBatches(tx: DbOrTx, testId: string, batchIds: string[]): Promise<void> {
  await tx.execute(sql`DELETE FROM scheduled_test_batches WHERE test_id = ${testId}::uuid`);
  if (batchIds.length)
    await tx.execute(sql`
      INSERT INTO scheduled_test_batches (test_id, batch_id)
      SELECT ${testId}::uuid, unnest(${`{${batchIds.join(',')}}`}::uuid[])`);
}

export interface ScheduledTestLine {
  id: string;
  name: string;
  module_slug: string;
  opens_at: string;
  closes_at: string;
  questions: number;
  takers: number;
  state: 'cancelled' | 'upcoming' | 'live' | 'closed' | 'ranked';
}

/** Every test, newest window first, with its takers so far. */
export async function listScheduledTests(db: Db, limit = 100): Promise<ScheduledTestLine[]> {
  const result = await db.execute(sql`
    SELECT t.id, t.name, m.slug AS module_slug, to_char(t.opens_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') AS opens_at,
      to_char(t.closes_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') AS closes_at,
      coalesce(array_length(t.question_ids, 1), 0) AS questions,
      (SELECT count(*)::int FROM assessments a WHERE a.scheduled_test_id = t.id) AS takers,
      CASE WHEN t.cancelled_at IS NOT NULL THEN 'cancelled' WHEN t.ranked_at IS NOT NULL THEN 'ranked'
        WHEN now() < t.opens_at THEN 'upcoming' WHEN now() < t.closes_at THEN 'live' ELSE 'closed' END AS state
    FROM scheduled_tests t JOIN modules m ON m.id = t.module_id
    ORDER BY t.opens_at DESC LIMIT ${limit}`);
  return result.rows as unknown as ScheduledTestLine[];
}

/** Cancels a test that has not opened yet, with its audit row. */
export async function cancelScheduledTest(db: Db, id: string, actor: Actor = CLI_ACTOR): Promise<void> {
  if (!isUuid(id)) throw new ScheduleError(`no live test with id ${id}`, 404);
  await db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      SELECT name, cancelled_at IS NOT NULL AS cancelled, now() >= opens_at AS opened FROM scheduled_tests
      WHERE id = ${id}::uuid FOR UPDATE`);
    const row = result.rows[0] as { name: string; cancelled: boolean; opened: boolean } | undefined;
    if (!row) throw new ScheduleError(`no live test with id ${id}`, 404);
    if (row.cancelled) throw new ScheduleError('the test is cancelled already', 409);
    if (row.opened) throw new ScheduleError('the test has opened: it runs to its close and is ranked', 409);
    await tx.execute(sql`UPDATE scheduled_tests SET cancelled_at = now() WHERE id = ${id}::uuid`);
    await auditRepository.write(tx, actor, {
      action: 'live-test.cancel',
      objectType: 'live-test',
      objectId: id,
      objectLabel: row.name,
      before: { cancelled: false },
      after: { cancelled: true },
    });
  });
}
