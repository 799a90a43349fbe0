import { questionHeldForChecking, scopeHeldForChecking } from '@ai-tutor/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conflict, notYet, type AppError } from '../../lib/errors.js';
import { GRACE_SECONDS_AFTER_CLOSE } from './timing.js';

/**
 * Questions out of circulation (decision 0014, docs/live-tests.md): a question of a live paper is
 * served by nothing but that live test — no practice, mock, subject or topic quiz, review or adaptive
 * draw, no check, hint or AI explanation, no notebook entry — from the paper's scheduling until the
 * test's results open, which is its close plus the save grace (the same moment `resultsOpenAt`
 * names). A cancelled test's paper is back in circulation at once.
 *
 * Every draw and reveal asks this one condition inside its own statement, so a draw stays one query.
 * The test's last window is its close, or a window re-opened for one learner that closes later
 * (`extended_until`). A test whose results are released by hand (`release = 'manual'`) keeps its paper
 * out until the release: `backInCirculation` and `stillOut` are the one place that says so, and a
 * paper held for checking has no moment yet (infinity: the refusals then say "being checked").
 */

const GRACE = `make_interval(secs => ${GRACE_SECONDS_AFTER_CLOSE})`;
/** When a live test's paper returns to the bank, as SQL over the scheduled test aliased `t`. */
const backInCirculation = (t: string) =>
  `CASE WHEN ${t}.release = 'manual' AND ${t}.released_at IS NULL THEN 'infinity'::timestamptz
    ELSE greatest(${t}.released_at, ${t}.closes_at + ${GRACE}, ${t}.extended_until + ${GRACE}) END`;
/**
 * The same moment still ahead. The close is compared on its bare column, so `scheduled_tests_closes`
 * serves the common case; the later windows and held papers are few.
 */
const stillOut = (t: string) =>
  `${t}.cancelled_at IS NULL AND (${t}.closes_at > now() - ${GRACE} OR ${t}.extended_until > now() - ${GRACE}
    OR (${t}.release = 'manual' AND ${t}.released_at IS NULL))`;

/** The live tests holding `question` (a SQL expression of a question id) out of circulation now. */
const holdingTests = (question: string) =>
  `SELECT ${backInCirculation('lt')} AS back_at FROM scheduled_tests lt
    WHERE ${stillOut('lt')} AND ${question} = ANY (lt.question_ids)`;

/**
 * SQL text (for prepared statements): `question` is in no open live paper. Uncorrelated, so the
 * papers' ids are read once per statement into a hashed set, not once per candidate question.
 */
export const inCirculationText = (question: string) =>
  `${question} NOT IN (SELECT unnest(lt.question_ids) FROM scheduled_tests lt WHERE ${stillOut('lt')})`;

/** SQL text: the questions of every open live paper (an uncorrelated subquery, for `&& ARRAY(…)`). */
export const outOfCirculationText = `SELECT unnest(lt.question_ids) FROM scheduled_tests lt WHERE ${stillOut('lt')}`;

/** The same condition for the query builder. */
export const inCirculation = (question: string): SQL => sql.raw(inCirculationText(question));

/**
 * A column for statements that reveal one question (check, hint, explain): when its key may be shown
 * again, as epoch milliseconds, or NULL when it is in circulation.
 */
export const circulatesAgainMs = (question: string): SQL =>
  sql.raw(`(SELECT (extract(epoch from max(h.back_at)) * 1000)::float8 FROM (${holdingTests(question)}) h)`);

/**
 * The earliest moment a question of these subjects (of this topic, when given) returns to the bank,
 * or null when none is out: says why a draw came back empty.
 */
export async function scopeBackInCirculation(
  db: DbOrTx,
  subjectIds: string[],
  topicId: string | null,
): Promise<Date | null> {
  if (subjectIds.length === 0) return null;
  const result = await db.execute(sql`
    SELECT (extract(epoch from min(${sql.raw(backInCirculation('lt'))})) * 1000)::float8 AS back_ms
    FROM scheduled_tests lt JOIN questions q ON q.id = ANY (lt.question_ids)
    WHERE ${sql.raw(stillOut('lt'))} AND q.subject_id = ANY (${`{${subjectIds.join(',')}}`}::uuid[])
      AND (${topicId}::uuid IS NULL OR q.topic_id = ${topicId}::uuid)`);
  const ms = (result.rows[0] as { back_ms: number | null } | undefined)?.back_ms;
  return ms === null || ms === undefined ? null : new Date(Number(ms));
}

/**
 * The 409 for a question out of circulation (`backMs` from circulatesAgainMs): when it returns, or,
 * for a paper held for checking, that its results are being checked.
 */
export function outOfCirculationError(backMs: number, dated: (backAt: Date) => string): AppError {
  const backAt = new Date(Number(backMs));
  return Number.isFinite(backAt.getTime())
    ? notYet(dated(backAt), backAt)
    : conflict(questionHeldForChecking);
}

/** The same for a draw a live paper emptied (scopeBackInCirculation's moment). */
export function scopeOutError(scopeName: string, backAt: Date, dated: (backAt: Date) => string): AppError {
  return Number.isFinite(backAt.getTime())
    ? notYet(dated(backAt), backAt)
    : conflict(scopeHeldForChecking(scopeName));
}
