import { accountMessages as msg, wrongOtpMessage, type Session } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import type { AccessClaims } from '../../lib/access-token.js';
import { badRequest, conflict, gone, notFound } from '../../lib/errors.js';
import { normalizeEmail, type AccountContext } from './account-context.js';

/** The code mailed at sign-up: checking it (tries capped per account) and mailing a new one. */
export function createAccountVerification({
  db,
  codes,
  limits,
  requireUser,
  sessionFor,
  sendAccountCode,
}: AccountContext) {
  return {
    async verifyAccount(auth: AccessClaims, email: string, code: string): Promise<Session> {
      const row = await requireUser(auth);
      if (row.verified) throw conflict(msg.alreadyVerified);
      if (normalizeEmail(email) !== row.email) throw badRequest(msg.otpEmailMismatch);
      await limits.takeCodeTry('verify-account', row.id);
      const check = await codes.checkOtp(db, 'verify-account', row.id, code);
      if (!check.ok) {
        if (check.reason === 'wrong') throw badRequest(wrongOtpMessage(check.triesLeft));
        throw gone(msg.otpExpired);
      }
      const [verified] = await db
        .update(users)
        .set({ verified: true, updatedAt: new Date() })
        .where(eq(users.id, row.id))
        .returning();
      if (!verified) throw notFound(msg.userNotFound);
      return sessionFor(verified);
    },

    async resendAccountCode(auth: AccessClaims): Promise<void> {
      const row = await requireUser(auth);
      if (row.verified) throw conflict(msg.alreadyVerified);
      await limits.takeMailSlot('verify-account', row.id);
      try {
        await sendAccountCode(row);
      } catch (error) {
        await limits.giveMailSlotBack('verify-account', row.id);
        throw error;
      }
    },
  };
}
