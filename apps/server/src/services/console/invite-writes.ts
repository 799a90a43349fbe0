import type { Db } from '../../db/client.js';
import { invites, type InviteCode } from '../accounts/invites.js';
import { auditRepository, type Actor } from './audit-repository.js';

/** An invite code made by an operator (CLI or console), audited in the same transaction. */
export function createAuditedInvite(
  db: Db,
  actor: Actor,
  options: Parameters<typeof invites.create>[1],
): Promise<InviteCode> {
  return db.transaction(async (tx) => {
    const row = await invites.create(tx, options);
    await auditRepository.write(tx, actor, {
      action: 'invite.create',
      objectType: 'invite',
      objectId: row.id,
      objectLabel: row.code,
      after: { code: row.code, maxUses: row.maxUses, expiresAt: row.expiresAt?.toISOString() ?? null },
    });
    return row;
  });
}
