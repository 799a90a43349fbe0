import { consoleMessages, type StaffRole } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { normalizeEmail } from '../accounts/account-context.js';
import { auditRepository, type Actor } from './audit-repository.js';
import { rolesRepository } from './roles-repository.js';

export type RoleChange = 'grant' | 'revoke';

export interface RoleChangeResult {
  /** false: nothing to do (the role was held already, or not held), nothing written. */
  changed: boolean;
  message: string;
  roles: StaffRole[];
}

export class NoSuchUserError extends Error {
  override name = 'NoSuchUserError';
}

/**
 * Grants or revokes a console role by the account's email, with its audit row in the same
 * transaction; the user row is locked so two changes to one user's roles audit their true before.
 */
export async function changeRole(
  db: Db,
  actor: Actor,
  change: { email: string; role: StaffRole; action: RoleChange; reason?: string | null },
): Promise<RoleChangeResult> {
  const email = normalizeEmail(change.email);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, email))
      .for('update');
    if (!user) throw new NoSuchUserError(consoleMessages.noSuchUser(email));
    const before = await rolesRepository.of(tx, user.id);
    const changed =
      change.action === 'grant'
        ? await rolesRepository.grant(tx, user.id, change.role)
        : await rolesRepository.revoke(tx, user.id, change.role);
    const roles = changed ? await rolesRepository.of(tx, user.id) : before;
    if (changed) {
      await auditRepository.write(tx, actor, {
        action: change.action === 'grant' ? 'role.grant' : 'role.revoke',
        objectType: 'user',
        objectId: user.id,
        objectLabel: user.email,
        before: { roles: before },
        after: { roles },
        reason: change.reason ?? null,
      });
    }
    const message =
      change.action === 'grant'
        ? (changed ? consoleMessages.roleGranted : consoleMessages.roleAlreadyHeld)(user.email, change.role)
        : (changed ? consoleMessages.roleRevoked : consoleMessages.roleNotHeld)(user.email, change.role);
    return { changed, message, roles };
  });
}
