import { accountMessages as msg, type User } from '@ai-tutor/contract';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import type { AccessClaims } from '../../lib/access-token.js';
import { notFound } from '../../lib/errors.js';
import type { AccountContext } from './account-context.js';

/** The signed-in user reads and edits their own name and phone. */
export function createProfile({ db, requireUser, userView }: AccountContext) {
  return {
    async currentUser(auth: AccessClaims): Promise<User> {
      return userView(await requireUser(auth));
    },

    async updateUser(auth: AccessClaims, changes: { name?: string | undefined; phone?: string | undefined }) {
      const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (changes.name !== undefined) set.name = changes.name.trim();
      if (changes.phone !== undefined) set.phone = changes.phone.trim() || null;
      const [row] = await db
        .update(users)
        .set(set)
        .where(and(eq(users.id, auth.userId), eq(users.sessionGeneration, auth.sessionGeneration)))
        .returning();
      if (!row) {
        // Nothing written: the read answers 404 for a gone user, 401 for an ended session.
        await requireUser(auth);
        throw notFound(msg.userNotFound);
      }
      return userView(row);
    },
  };
}
