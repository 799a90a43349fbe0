import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  assessments,
  auditLog,
  batchMembers,
  linkedinConnections,
  posts,
  questionReports,
  refreshTokens,
  reviewCards,
  users,
  verifications,
} from '../../db/schema.js';
import { auditRepository, type Actor } from '../console/audit-repository.js';

/** What a deleted account's row shows wherever it is still joined (a ranking, the audit log). */
export const DELETED_NAME = 'Deleted learner';
const deletedEmail = (id: string) => `deleted-${id}@deleted.invalid`;

/**
 * Erases an account in the caller's transaction (docs/decisions/0023-learners-data-and-backups.md).
 * The users row stays, emptied — its name, email, phone, password and Google id replaced or dropped,
 * every session ended — so the live-test rankings keep an anonymous row (nobody else's rank or
 * percentile moves, and a key correction re-ranks the same takers) and question statistics keep their
 * counts. Gone: refresh tokens, one-time codes, the LinkedIn token, posts, review cards, batch places,
 * the notes of reports, the free text of written answers and what the AI wrote about them. Audit rows
 * naming the account by email are relabelled. The email is free to register again as a new learner.
 *
 * The row must be locked by the caller (`lockForErase`); answers the time of the deletion.
 */
export async function eraseAccount(
  tx: DbOrTx,
  actor: Actor,
  user: { id: string; email: string },
  reason: string | null,
): Promise<Date> {
  const now = new Date();
  const { id } = user;
  await tx
    .update(users)
    .set({
      name: DELETED_NAME,
      email: deletedEmail(id),
      phone: null,
      passwordHash: null,
      googleSub: null,
      disabledAt: now,
      deletedAt: now,
      sessionGeneration: sql`${users.sessionGeneration} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, id));
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, id));
  await tx
    .delete(verifications)
    .where(or(eq(verifications.target, id), eq(verifications.target, user.email)));
  await tx.delete(linkedinConnections).where(eq(linkedinConnections.userId, id));
  await tx.delete(posts).where(eq(posts.userId, id));
  await tx.delete(reviewCards).where(eq(reviewCards.userId, id));
  await tx.delete(batchMembers).where(eq(batchMembers.userId, id));
  await tx.update(questionReports).set({ note: null }).where(eq(questionReports.userId, id));
  // Written answers are the learner's own words; choices and numbers are not. Marks stay as given.
  await tx.execute(sql`
    UPDATE answer_sheets s
       SET answers = ARRAY(
             SELECT CASE WHEN s.question_types[i] = 'text' THEN NULL ELSE s.answers[i] END
               FROM generate_subscripts(s.answers, 1) AS i ORDER BY i)
     WHERE s.user_id = ${id}::uuid AND 'text' = ANY(s.question_types)`);
  await tx
    .update(assessments)
    .set({ gradingNotes: null, aiExplanations: null })
    .where(eq(assessments.userId, id));
  await tx
    .update(auditLog)
    .set({ objectLabel: DELETED_NAME })
    .where(and(eq(auditLog.objectType, 'user'), eq(auditLog.objectId, id)));
  await auditRepository.write(tx, actor, {
    action: 'account.delete',
    objectType: 'user',
    objectId: id,
    objectLabel: DELETED_NAME,
    before: { deleted: false },
    after: { deleted: true },
    reason,
  });
  return now;
}

/** The account's row locked for erasing; undefined when unknown or deleted already. */
export async function lockForErase(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/** Whether the account holds a console role (an operator's account is not erased from the profile page). */
export async function holdsRole(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx.execute(sql`SELECT 1 FROM user_roles WHERE user_id = ${id}::uuid LIMIT 1`);
  return rows.rows.length > 0;
}
