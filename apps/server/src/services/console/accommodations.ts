import { consoleMessages, type AccommodationsBody, type AccommodationsResult } from '@ai-tutor/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { batchMembers, batchTeachers, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { auditRepository, type Actor } from './audit-repository.js';
import { learnersRepository } from './learners-repository.js';

/** Whether the learner is in one of the batches `teacherId` is assigned to. */
async function inTeachersReach(tx: DbOrTx, learnerId: string, teacherId: string): Promise<boolean> {
  const rows = await tx
    .select({ one: sql`1` })
    .from(batchMembers)
    .innerJoin(
      batchTeachers,
      and(eq(batchTeachers.batchId, batchMembers.batchId), eq(batchTeachers.userId, teacherId)),
    )
    .where(eq(batchMembers.userId, learnerId))
    .limit(1);
  return rows.length > 0;
}

/**
 * Sets a learner's extra time (docs/decisions/0025-console-people.md), audited; a field left out keeps
 * its value. `teacherId`: a teacher, who reaches only their batches' learners (others are 404). Applies
 * to the tests the learner starts afterwards (services/quiz/extra-time.ts); a running one keeps its clock.
 */
export function setAccommodations(
  db: Db,
  actor: Actor,
  learnerId: string,
  body: AccommodationsBody,
  teacherId?: string,
): Promise<AccommodationsResult & { email: string }> {
  return db.transaction(async (tx) => {
    const learner = await learnersRepository.lockLearner(tx, learnerId);
    if (!learner || (teacherId && !(await inTeachersReach(tx, learnerId, teacherId))))
      throw notFound(consoleMessages.learnerNotFound);
    const before = { extraTimePercent: learner.extraTimePercent, extraTimeMinutes: learner.extraTimeMinutes };
    const after = {
      extraTimePercent: body.extraTimePercent ?? before.extraTimePercent,
      extraTimeMinutes: body.extraTimeMinutes ?? before.extraTimeMinutes,
    };
    const changed =
      after.extraTimePercent !== before.extraTimePercent ||
      after.extraTimeMinutes !== before.extraTimeMinutes;
    if (changed) {
      await tx
        .update(users)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(users.id, learnerId));
      await auditRepository.write(tx, actor, {
        action: 'learner.accommodations',
        objectType: 'user',
        objectId: learnerId,
        objectLabel: learner.email,
        before,
        after,
        reason: body.reason || null,
      });
    }
    return { id: learnerId, email: learner.email, ...after };
  });
}

/** The learner's own extra time, for their instructions screen. */
export async function accommodationsOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ extraTimePercent: users.extraTimePercent, extraTimeMinutes: users.extraTimeMinutes })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { extraTimePercent: 0, extraTimeMinutes: 0 };
}
