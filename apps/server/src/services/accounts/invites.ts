import { adminMessages } from '@ai-tutor/contract';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { inviteCodes } from '../../db/schema.js';
import { generateInviteCode, normalizeInviteCode } from './codes.js';

export type InviteCode = typeof inviteCodes.$inferSelect;

const usable = () =>
  and(
    isNull(inviteCodes.revokedAt),
    lt(inviteCodes.uses, inviteCodes.maxUses),
    or(isNull(inviteCodes.expiresAt), gt(inviteCodes.expiresAt, sql`now()`)),
  );

export class InviteCodeTakenError extends Error {
  override name = 'InviteCodeTakenError';
}

/**
 * Invite codes: case-insensitive (stored upper case), a number of uses, an optional expiry, an optional
 * batch (registering with the code enrols the learner: `enrol`), revocable by an operator.
 */
export const invites = {
  async create(
    db: DbOrTx,
    options: { code?: string; maxUses?: number; expiresAt?: Date | null; batchId?: string | null } = {},
  ): Promise<InviteCode> {
    const code = options.code ? normalizeInviteCode(options.code) : generateInviteCode();
    const [row] = await db
      .insert(inviteCodes)
      .values({
        code,
        maxUses: options.maxUses ?? 1,
        expiresAt: options.expiresAt ?? null,
        batchId: options.batchId ?? null,
      })
      .onConflictDoNothing({ target: inviteCodes.code })
      .returning();
    if (!row) throw new InviteCodeTakenError(adminMessages.inviteTaken(code));
    return row;
  },

  list(db: DbOrTx): Promise<InviteCode[]> {
    return db.select().from(inviteCodes).orderBy(asc(inviteCodes.createdAt), asc(inviteCodes.code));
  },

  async isUsable(db: DbOrTx, code: string): Promise<boolean> {
    const rows = await db
      .select({ id: inviteCodes.id })
      .from(inviteCodes)
      .where(and(eq(inviteCodes.code, normalizeInviteCode(code)), usable()));
    return rows.length > 0;
  },

  /**
   * Takes one use of the code in a single conditional UPDATE (call it inside the transaction that
   * writes the user): of two concurrent sign-ups on the last use, the second waits for the first's row
   * lock, re-checks `uses < max_uses` and gets nothing.
   */
  async consume(tx: DbOrTx, code: string): Promise<InviteCode | null> {
    const [row] = await tx
      .update(inviteCodes)
      .set({ uses: sql`${inviteCodes.uses} + 1` })
      .where(and(eq(inviteCodes.code, normalizeInviteCode(code)), usable()))
      .returning();
    return row ?? null;
  },

  /** A batch code's learner joins its batch, in the transaction that used the code (a deleted batch: nothing). */
  async enrol(tx: DbOrTx, invite: InviteCode, userId: string): Promise<void> {
    if (!invite.batchId) return;
    await tx.execute(sql`
      INSERT INTO batch_members (batch_id, user_id)
      SELECT id, ${userId}::uuid FROM batches WHERE id = ${invite.batchId}::uuid
      ON CONFLICT DO NOTHING`);
  },
};
