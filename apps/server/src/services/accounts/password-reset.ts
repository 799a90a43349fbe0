import { setTimeout as sleep } from 'node:timers/promises';
import { accountMessages as msg } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { endAllSessions, normalizeEmail, type AccountContext } from './account-context.js';
import { generateOtp } from './codes.js';
import { otpMail } from './otp-mail.js';

/** "Forgot Password?": a code mailed to the address, exchanged for a reset token, then a new password. */
export function createPasswordReset(ctx: AccountContext) {
  const { db, hasher, passwords, codes, refreshTokens, limits, findByEmail, sendMail } = ctx;
  return {
    /** forget-password and resend-otp: the same answer whether or not the address has an account. */
    async sendResetCode(rawEmail: string): Promise<void> {
      const email = normalizeEmail(rawEmail);
      await limits.takeMailSlot('reset-password-otp', email);
      const row = await findByEmail(email);
      if (!row) {
        // The same answer for an unknown address, after about the same work and time.
        hasher.hash('reset-password-otp\n' + email, generateOtp());
        const mailMillis = ctx.mailMillis();
        if (mailMillis > 0) await sleep(Math.min(mailMillis, 5000));
        return;
      }
      const code = await codes.issueOtp(db, 'reset-password-otp', email);
      try {
        await sendMail(otpMail('reset-password', row, code));
      } catch (error) {
        await limits.giveMailSlotBack('reset-password-otp', email);
        throw error;
      }
    },

    async verifyResetCode(rawEmail: string, code: string): Promise<string> {
      const email = normalizeEmail(rawEmail);
      await limits.takeCodeTry('reset-password-otp', email);
      const check = await codes.checkOtp(db, 'reset-password-otp', email, code);
      if (!check.ok) throw badRequest(msg.resetOtpInvalid);
      const row = await findByEmail(email);
      if (!row) throw badRequest(msg.resetOtpInvalid);
      return codes.issueResetToken(db, row.id);
    },

    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await passwords.hash(password);
      const userId = await codes.consumeResetToken(db, token);
      if (!userId) throw badRequest(msg.resetTokenInvalid);
      const row = await db.transaction(async (tx) => {
        // The code mailed to the address proved it, so the account counts as verified too.
        const [updated] = await tx
          .update(users)
          .set({ passwordHash, verified: true, updatedAt: new Date(), ...endAllSessions })
          .where(eq(users.id, userId))
          .returning();
        if (!updated) throw badRequest(msg.resetTokenInvalid);
        await refreshTokens.revokeAllForUser(userId, tx);
        await codes.discard(tx, 'reset-password-otp', updated.email);
        await codes.discard(tx, 'verify-account', updated.id);
        return updated;
      });
      await limits.signInSucceeded(row.email);
    },
  };
}
