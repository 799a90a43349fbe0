import { peopleMessages, type InviteRow, type InvitesPage } from '@ai-tutor/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { batches, inviteCodes } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { invites, type InviteCode } from '../accounts/invites.js';
import { auditRepository, type Actor } from './audit-repository.js';

/*
 * Invite codes made, listed and revoked by operators: the console (routes/api/v1/admin/invites.ts) and
 * the CLI (directly, or through the loopback channel routes/api/admin/invites.ts) share these, so both
 * write the same audit rows.
 */

const stateOf = (row: InviteCode, now = Date.now()): InviteRow['state'] =>
  row.revokedAt
    ? 'revoked'
    : row.expiresAt && row.expiresAt.getTime() <= now
      ? 'expired'
      : row.uses >= row.maxUses
        ? 'used-up'
        : 'active';

export const toInviteRow = (row: InviteCode, batch: { id: string; name: string } | null): InviteRow => ({
  id: row.id,
  code: row.code,
  maxUses: row.maxUses,
  uses: row.uses,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  batch,
  state: stateOf(row),
  createdAt: row.createdAt.toISOString(),
});

/** An invite code made by an operator (CLI or console), audited in the same transaction. */
export function createAuditedInvite(
  db: Db,
  actor: Actor,
  options: Parameters<typeof invites.create>[1] & { batchName?: string },
): Promise<InviteCode> {
  const { batchName, ...create } = options;
  return db.transaction(async (tx) => {
    const row = await invites.create(tx, create);
    await auditRepository.write(tx, actor, {
      action: 'invite.create',
      objectType: 'invite',
      objectId: row.id,
      objectLabel: row.code,
      after: {
        code: row.code,
        maxUses: row.maxUses,
        expiresAt: row.expiresAt?.toISOString() ?? null,
        ...(row.batchId ? { batchId: row.batchId, batch: batchName ?? null } : {}),
      },
    });
    return row;
  });
}

/** Newest first, with each code's batch. */
export async function invitesPage(db: DbOrTx, query: { page: number; limit: number }): Promise<InvitesPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ invite: inviteCodes, batchName: batches.name })
      .from(inviteCodes)
      .leftJoin(batches, eq(batches.id, inviteCodes.batchId))
      .orderBy(desc(inviteCodes.createdAt), desc(inviteCodes.code))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(inviteCodes),
  ]);
  return {
    total: total?.total ?? 0,
    rows: rows.map(({ invite, batchName }) =>
      toInviteRow(
        invite,
        invite.batchId && batchName !== null ? { id: invite.batchId, name: batchName } : null,
      ),
    ),
  };
}

/** Revokes a code (its row stays, for the record of who used it); a second revoke changes nothing. */
export function revokeInvite(
  db: Db,
  actor: Actor,
  id: string,
  reason?: string | null,
): Promise<{ row: InviteCode; changed: boolean; message: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(inviteCodes).where(eq(inviteCodes.id, id)).for('update');
    if (!row) throw notFound(peopleMessages.inviteNotFound);
    if (row.revokedAt) return { row, changed: false, message: peopleMessages.inviteAlreadyRevoked(row.code) };
    const [revoked] = await tx
      .update(inviteCodes)
      .set({ revokedAt: new Date() })
      .where(eq(inviteCodes.id, id))
      .returning();
    await auditRepository.write(tx, actor, {
      action: 'invite.revoke',
      objectType: 'invite',
      objectId: id,
      objectLabel: row.code,
      before: { uses: row.uses, maxUses: row.maxUses, revoked: false },
      after: { revoked: true },
      reason: reason ?? null,
    });
    return { row: revoked!, changed: true, message: peopleMessages.inviteRevoked(row.code) };
  });
}
