import {
  adminLiveTestMessages as messages,
  type AdminLiveTestDetail,
  type ReopenBody,
  type UpdateLiveTestBody,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import {
  cancelScheduledTest,
  checkBatches,
  checkWindow,
  ScheduleError,
  setTestBatches,
} from '../live-tests/schedule.js';
import { GRACE_SECONDS_AFTER_CLOSE } from '../live-tests/timing.js';
import { forgetItemAnalysis } from '../analysis/stored-item-analysis.js';
import { auditRepository, type Actor } from './audit-repository.js';
import { liveTestsRepository } from './live-tests-repository.js';

/*
 * Live-test writes from the console (docs/live-tests.md#from-the-console), each in one transaction
 * with its audit row, the test's row locked so two operators' writes audit their true before.
 */

/** A scheduling rule's refusal as the API answers it: its status, its text as a sentence. */
export function scheduleErrorToApp(error: unknown): unknown {
  if (!(error instanceof ScheduleError)) return error;
  const text = error.message.charAt(0).toUpperCase() + error.message.slice(1);
  return new AppError(error.status, text.endsWith('.') ? text : `${text}.`);
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw scheduleErrorToApp(error);
  }
}

interface Locked {
  id: string;
  name: string;
  opens_at: string;
  closes_at: string;
  duration_minutes: number;
  release: 'at-close' | 'manual';
  cancelled: boolean;
  opened: boolean;
  ranked: boolean;
  released: boolean;
  results_due: boolean;
  batch_ids: string[] | null;
}

async function lock(tx: Tx, id: string): Promise<Locked> {
  const result = await tx.execute(sql`
    SELECT t.id, t.name, to_json(t.opens_at)#>>'{}' AS opens_at, to_json(t.closes_at)#>>'{}' AS closes_at,
      t.duration_minutes, t.release, t.cancelled_at IS NOT NULL AS cancelled, now() >= t.opens_at AS opened,
      t.ranked_at IS NOT NULL AS ranked, t.released_at IS NOT NULL AS released,
      now() >= greatest(t.closes_at, t.extended_until) + make_interval(secs => ${GRACE_SECONDS_AFTER_CLOSE}::int)
        AS results_due,
      (SELECT array_agg(tb.batch_id::text ORDER BY tb.batch_id) FROM scheduled_test_batches tb WHERE tb.test_id = t.id)
        AS batch_ids
    FROM scheduled_tests t WHERE t.id = ${id}::uuid FOR UPDATE OF t`);
  const row = result.rows[0] as Locked | undefined;
  if (!row) throw notFound(messages.notFound);
  return row;
}

const detailOf = async (db: Db, id: string) => (await liveTestsRepository.detail(db, id))!;

/** Name, window, batches or release of a test that has not opened yet. */
export async function updateLiveTest(
  db: Db,
  actor: Actor,
  id: string,
  body: UpdateLiveTestBody,
): Promise<AdminLiveTestDetail> {
  await guarded(() =>
    db.transaction(async (tx) => {
      const row = await lock(tx, id);
      if (row.cancelled) throw conflict(messages.cancelledAlready);
      if (row.opened) throw conflict(messages.alreadyOpen);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const change = (key: string, was: unknown, now: unknown) => {
        if (now === undefined || JSON.stringify(was) === JSON.stringify(now)) return;
        before[key] = was;
        after[key] = now;
      };
      const opensAt = body.opensAt ? new Date(body.opensAt) : new Date(row.opens_at);
      const closesAt = body.closesAt ? new Date(body.closesAt) : new Date(row.closes_at);
      if (body.opensAt || body.closesAt) checkWindow(opensAt, closesAt, Number(row.duration_minutes));
      change('name', row.name, body.name?.trim());
      change('opensAt', new Date(row.opens_at).toISOString(), body.opensAt && opensAt.toISOString());
      change('closesAt', new Date(row.closes_at).toISOString(), body.closesAt && closesAt.toISOString());
      change('release', row.release, body.release);
      const batchIds = body.batchIds && [...new Set(body.batchIds)].sort();
      change('batchIds', row.batch_ids ?? [], batchIds);
      if (Object.keys(after).length === 0) return;
      if (batchIds && 'batchIds' in after) {
        await checkBatches(tx, batchIds);
        await setTestBatches(tx, id, batchIds);
      }
      await tx.execute(sql`
        UPDATE scheduled_tests SET name = ${(after.name as string | undefined) ?? row.name},
          opens_at = ${opensAt.toISOString()}::timestamptz, closes_at = ${closesAt.toISOString()}::timestamptz,
          release = ${(after.release as string | undefined) ?? row.release}
        WHERE id = ${id}::uuid`);
      await auditRepository.write(tx, actor, {
        action: 'live-test.update',
        objectType: 'live-test',
        objectId: id,
        objectLabel: (after.name as string | undefined) ?? row.name,
        before,
        after,
      });
    }),
  );
  return detailOf(db, id);
}

export async function cancelLiveTest(db: Db, actor: Actor, id: string): Promise<AdminLiveTestDetail> {
  await guarded(async () => {
    try {
      await cancelScheduledTest(db, id, actor);
    } catch (error) {
      if (!(error instanceof ScheduleError)) throw error;
      if (error.status === 404) throw notFound(messages.notFound);
      throw conflict(error.message.includes('cancelled') ? messages.cancelledAlready : messages.alreadyOpen);
    }
  });
  return detailOf(db, id);
}

/**
 * A new window for one learner (a power cut at a centre): from now, `minutes` long (the test's
 * duration by default). Their earlier attempt, if any, is replaced — its figures stay in the audit row —
 * and the new one is ranked with the rest: the ranking waits for the window, and results open after it.
 */
export async function reopenForLearner(
  db: Db,
  actor: Actor,
  id: string,
  body: ReopenBody,
): Promise<AdminLiveTestDetail> {
  await db.transaction(async (tx) => {
    const row = await lock(tx, id);
    if (row.cancelled) throw notFound(messages.notFound);
    if (!row.opened) throw conflict(messages.notOpenYet);
    if (row.ranked) throw conflict(messages.alreadyRanked);
    // By email, as an operator knows the learner; no account and not this test's learner say which.
    const [user] = (
      await tx.execute(sql`
        SELECT u.id, u.email,
          (SELECT json_build_object('id', a.id, 'slug', a.slug, 'completed', a.session_completed,
              'answered', a.answered_question, 'score', a.score, 'started', a.start_time)::text
            FROM assessments a WHERE a.scheduled_test_id = ${id}::uuid AND a.user_id = u.id) AS session_json,
          (NOT EXISTS (SELECT 1 FROM scheduled_test_batches tb WHERE tb.test_id = ${id}::uuid)
            OR EXISTS (SELECT 1 FROM scheduled_test_batches tb JOIN batch_members bm ON bm.batch_id = tb.batch_id
              WHERE tb.test_id = ${id}::uuid AND bm.user_id = u.id)
            OR EXISTS (SELECT 1 FROM assessments a WHERE a.scheduled_test_id = ${id}::uuid AND a.user_id = u.id))
            AS for_them
        FROM users u
        WHERE u.email = ${body.email}`)
    ).rows as { id: string; email: string; session_json: string | null; for_them: boolean }[];
    if (!user) throw notFound(messages.noAccount(body.email));
    if (!user.for_them) throw notFound(messages.notForLearner(user.email));
    const minutes = body.minutes ?? Number(row.duration_minutes);
    const [window] = (
      await tx.execute(sql`
        INSERT INTO live_test_reopens AS ro (test_id, user_id, opens_at, closes_at, reason, created_by)
        VALUES (${id}::uuid, ${user.id}::uuid, now(), now() + make_interval(mins => ${minutes}::int),
          ${body.reason.trim()}, ${actor.userId}::uuid)
        ON CONFLICT (test_id, user_id) DO UPDATE SET opens_at = excluded.opens_at, closes_at = excluded.closes_at,
          reason = excluded.reason, created_by = excluded.created_by, created_at = now()
        RETURNING to_json(opens_at)#>>'{}' AS opens_at, to_json(closes_at)#>>'{}' AS closes_at`)
    ).rows as { opens_at: string; closes_at: string }[];
    await tx.execute(sql`
      UPDATE scheduled_tests SET extended_until = greatest(extended_until, ${window!.closes_at}::timestamptz)
      WHERE id = ${id}::uuid`);
    // The interrupted attempt makes way for the new one (one attempt per learner and test).
    if (user.session_json)
      await tx.execute(sql`
        DELETE FROM assessments WHERE scheduled_test_id = ${id}::uuid AND user_id = ${user.id}::uuid`);
    // Analysed while held for release: again once the new window closes, with the new attempt.
    await forgetItemAnalysis(tx, id);
    await auditRepository.write(tx, actor, {
      action: 'live-test.reopen',
      objectType: 'live-test',
      objectId: id,
      objectLabel: row.name,
      before: { learner: user.email, attempt: user.session_json ? JSON.parse(user.session_json) : null },
      after: {
        learner: user.email,
        userId: user.id,
        opensAt: new Date(window!.opens_at).toISOString(),
        closesAt: new Date(window!.closes_at).toISOString(),
        minutes,
      },
      reason: body.reason.trim(),
    });
  });
  return detailOf(db, id);
}

/** Releases results held for checking: the ranking follows (the caller runs the ranking job). */
export async function releaseResults(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lock(tx, id);
    if (row.cancelled) throw notFound(messages.notFound);
    if (row.release !== 'manual') throw conflict(messages.notManual);
    if (row.released) throw conflict(messages.releasedAlready);
    if (!row.results_due) throw conflict(messages.stillRunning);
    await tx.execute(sql`UPDATE scheduled_tests SET released_at = now() WHERE id = ${id}::uuid`);
    await auditRepository.write(tx, actor, {
      action: 'live-test.release',
      objectType: 'live-test',
      objectId: id,
      objectLabel: row.name,
      before: { released: false },
      after: { released: true },
    });
  });
}
