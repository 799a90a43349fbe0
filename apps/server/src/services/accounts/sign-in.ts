import { accountMessages as msg, type Session } from '@ai-tutor/contract';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { unauthorized } from '../../lib/errors.js';
import { normalizeEmail, type AccountContext } from './account-context.js';

/** Password sign-in, refreshing a session and signing out. */
export function createSignIn({
  passwords,
  limits,
  refreshTokens,
  findById,
  findByEmail,
  sessionFor,
  db,
}: AccountContext) {
  /**
   * A hash from before argon2 (or at other settings) is replaced now that the password is known; only
   * if it is still the one checked, so a password reset in between is never undone.
   */
  const upgradeHash = async (userId: string, password: string, checked: string) => {
    const replacement = await passwords.upgrade(password, checked);
    if (!replacement) return;
    await db
      .update(users)
      .set({ passwordHash: replacement })
      .where(and(eq(users.id, userId), eq(users.passwordHash, checked)));
  };
  return {
    /** `address`: the client's, whose failures are counted too (a guesser of many accounts). */
    async login(rawEmail: string, password: string, address?: string): Promise<Session> {
      const email = normalizeEmail(rawEmail);
      await limits.beforeSignIn(email, address);
      const row = await findByEmail(email);
      let ok: boolean;
      try {
        ok = row?.passwordHash
          ? await passwords.verify(password, row.passwordHash)
          : await passwords.verifyNothing(password);
      } catch (error) {
        await limits.signInNotTried(email); // turned away by the hashing queue (503)
        throw error;
      }
      if (!row || !ok) {
        await limits.signInFailed(address);
        throw unauthorized(msg.invalidCredentials);
      }
      await limits.signInSucceeded(email);
      await upgradeHash(row.id, password, row.passwordHash!);
      return sessionFor(row);
    },

    async refresh(token: string): Promise<Session> {
      const rotated = await refreshTokens.rotate(token);
      if (!rotated.ok) throw unauthorized(msg.sessionInvalid);
      const row = await findById(rotated.userId);
      if (!row) throw unauthorized(msg.sessionInvalid);
      return sessionFor(row, rotated.token);
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await refreshTokens.revokeFamilyOf(token);
    },
  };
}
