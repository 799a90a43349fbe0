import { STAFF_ROLES, type StaffRole } from '@ai-tutor/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { userRoles } from '../../db/schema.js';

const byRank = (a: StaffRole, b: StaffRole) => STAFF_ROLES.indexOf(a) - STAFF_ROLES.indexOf(b);

/** The user_roles table: a user's console roles (none: a learner). */
export const rolesRepository = {
  async of(db: DbOrTx, userId: string): Promise<StaffRole[]> {
    const rows = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId))
      .orderBy(asc(userRoles.role));
    return rows.map((row) => row.role as StaffRole).sort(byRank);
  },

  /** Whether the row was added (false: the user held the role already). */
  async grant(tx: DbOrTx, userId: string, role: StaffRole): Promise<boolean> {
    const added = await tx
      .insert(userRoles)
      .values({ userId, role })
      .onConflictDoNothing()
      .returning({ role: userRoles.role });
    return added.length > 0;
  },

  /** Whether a row was removed (false: the user did not hold the role). */
  async revoke(tx: DbOrTx, userId: string, role: StaffRole): Promise<boolean> {
    const removed = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
      .returning({ role: userRoles.role });
    return removed.length > 0;
  },
};
