import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, RESET_TOKEN_TTL_MINUTES } from '@ai-tutor/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { verifications } from '../../db/schema.js';
import { generateOpaqueToken, generateOtp, type SecretHasher } from './codes.js';

/**
 * One table for every one-time secret (docs/api.md#accounts): the account OTP (target: user id), the
 * forgot-password OTP (target: lower-cased email) and the reset token (target: user id). One row per
 * purpose and target, so a new code replaces the old one.
 */
export type VerificationPurpose = 'verify-account' | 'reset-password-otp' | 'reset-password-token';

export type OtpCheck =
  | { ok: true }
  | { ok: false; reason: 'wrong'; triesLeft: number }
  | { ok: false; reason: 'missing' | 'expired' | 'exhausted' };

const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const label = (purpose: VerificationPurpose, target: string) => `${purpose}\n${target}`;

/** One-time codes and reset tokens. Long only as a whole: an object of short methods sharing the hasher. */
export function createVerifications(hasher: SecretHasher) {
  return {
    /** A new code for `target`, replacing any earlier one (attempts reset, 10 minutes from now). */
    async issueOtp(db: DbOrTx, purpose: VerificationPurpose, target: string): Promise<string> {
      const code = generateOtp();
      const codeHash = hasher.hash(label(purpose, target), code);
      const expiresAt = minutes(OTP_TTL_MINUTES);
      await db
        .insert(verifications)
        .values({ purpose, target, codeHash, expiresAt, attempts: 0, sentAt: new Date() })
        .onConflictDoUpdate({
          target: [verifications.purpose, verifications.target],
          set: { codeHash, expiresAt, attempts: 0, sentAt: new Date() },
        });
      return code;
    },

    /**
     * Checks a code. Each check first takes one of the code's OTP_MAX_ATTEMPTS tries in a single
     * conditional UPDATE, so parallel guesses can never compare more than that; the right code is then
     * deleted (single use) in another conditional statement.
     */
    async checkOtp(
      db: DbOrTx,
      purpose: VerificationPurpose,
      target: string,
      code: string,
    ): Promise<OtpCheck> {
      const [row] = await db
        .update(verifications)
        .set({ attempts: sql`${verifications.attempts} + 1` })
        .where(
          and(
            eq(verifications.purpose, purpose),
            eq(verifications.target, target),
            lt(verifications.attempts, OTP_MAX_ATTEMPTS),
            gt(verifications.expiresAt, new Date()),
          ),
        )
        .returning({
          id: verifications.id,
          codeHash: verifications.codeHash,
          attempts: verifications.attempts,
        });
      if (!row) {
        const [existing] = await db
          .select({ attempts: verifications.attempts, expiresAt: verifications.expiresAt })
          .from(verifications)
          .where(and(eq(verifications.purpose, purpose), eq(verifications.target, target)));
        if (!existing) return { ok: false, reason: 'missing' };
        return { ok: false, reason: existing.attempts >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'expired' };
      }
      if (!hasher.matches(row.codeHash, label(purpose, target), code)) {
        return { ok: false, reason: 'wrong', triesLeft: Math.max(0, OTP_MAX_ATTEMPTS - row.attempts) };
      }
      const used = await db
        .delete(verifications)
        .where(and(eq(verifications.id, row.id), eq(verifications.codeHash, row.codeHash)))
        .returning({ id: verifications.id });
      return used.length ? { ok: true } : { ok: false, reason: 'expired' };
    },

    async discard(db: DbOrTx, purpose: VerificationPurpose, target: string): Promise<void> {
      await db
        .delete(verifications)
        .where(and(eq(verifications.purpose, purpose), eq(verifications.target, target)));
    },

    /** A reset token `<user id>.<256 random bits>`, single use, 15 minutes; a new one replaces the old. */
    async issueResetToken(db: DbOrTx, userId: string): Promise<string> {
      const purpose: VerificationPurpose = 'reset-password-token';
      const token = `${userId}.${generateOpaqueToken()}`;
      const codeHash = hasher.hash(label(purpose, userId), token);
      const expiresAt = minutes(RESET_TOKEN_TTL_MINUTES);
      await db
        .insert(verifications)
        .values({ purpose, target: userId, codeHash, expiresAt, attempts: 0 })
        .onConflictDoUpdate({
          target: [verifications.purpose, verifications.target],
          set: { codeHash, expiresAt, attempts: 0, sentAt: new Date() },
        });
      return token;
    },

    /** The user id a valid reset token belongs to, consuming the token; null for any bad token. */
    async consumeResetToken(db: DbOrTx, token: string): Promise<string | null> {
      const purpose: VerificationPurpose = 'reset-password-token';
      const userId = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token)?.[1];
      if (!userId) return null;
      const [row] = await db
        .select()
        .from(verifications)
        .where(and(eq(verifications.purpose, purpose), eq(verifications.target, userId)));
      if (
        !row ||
        row.expiresAt <= new Date() ||
        !hasher.matches(row.codeHash, label(purpose, userId), token)
      ) {
        return null;
      }
      const used = await db
        .delete(verifications)
        .where(and(eq(verifications.id, row.id), eq(verifications.codeHash, row.codeHash)))
        .returning({ id: verifications.id });
      return used.length ? userId : null;
    },
  };
}
export type Verifications = ReturnType<typeof createVerifications>;
