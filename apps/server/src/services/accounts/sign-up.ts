import { accountMessages as msg, type Session } from '@ai-tutor/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { inviteCodes, users } from '../../db/schema.js';
import type { AccessClaims } from '../../lib/access-token.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { OTP_MAIL_RULE } from '../limits/account-limits.js';
import { isUniqueViolation, normalizeEmail, type AccountContext, type UserRow } from './account-context.js';
import { invites } from './invites.js';

export interface SignupInput {
  name: string;
  email: string;
  phone?: string | undefined;
  password: string;
  inviteCode: string;
}

const invalidInvite = () =>
  badRequest(msg.inviteInvalid, [{ path: 'body.inviteCode', message: msg.inviteInvalid }]);

/**
 * Sign-up with an invite code, and the invite a Google sign-up enters afterwards. Long only as a
 * whole: short flows sharing the account context.
 */
export function createSignUp(ctx: AccountContext) {
  const { db, passwords, codes, limiter, limits, requireUser, sessionFor, sendAccountCode } = ctx;

  /** The user row, the invite use taken in the same transaction; a taken address is 409. */
  const createUser = (input: SignupInput, email: string, passwordHash: string) =>
    db.transaction(async (tx) => {
      // Taken for real here, in the transaction that writes the user: a conflict below gives it back.
      const invite = await invites.consume(tx, input.inviteCode);
      if (!invite) throw invalidInvite();
      try {
        const [created] = await tx
          .insert(users)
          .values({
            name: input.name.trim(),
            email,
            phone: input.phone?.trim() || null,
            passwordHash,
            verified: false,
            usedInviteCode: invite.code,
            inviteCodeId: invite.id,
          })
          .returning();
        if (!created) throw new Error('user not created');
        await invites.enrol(tx, invite, created.id);
        return created;
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(msg.emailTaken);
        throw error;
      }
    });

  /** Never a silent success: when the code mail fails nothing of the sign-up stays, the invite use is given back. */
  const undoSignup = (row: UserRow) =>
    db.transaction(async (tx) => {
      await tx.delete(users).where(eq(users.id, row.id));
      if (row.inviteCodeId) {
        await tx
          .update(inviteCodes)
          .set({ uses: sql`${inviteCodes.uses} - 1` })
          .where(and(eq(inviteCodes.id, row.inviteCodeId), gt(inviteCodes.uses, 0)));
      }
      await codes.discard(tx, 'verify-account', row.id);
    });

  return {
    async checkInvite(code: string): Promise<boolean> {
      return invites.isUsable(db, code);
    },

    async signup(input: SignupInput): Promise<Session> {
      const email = normalizeEmail(input.email);
      // The invite first, and nothing about the email before it: without a valid invite every address
      // gets the same 400 after the same work (one indexed read), so neither the answer nor its timing
      // tells whether an account exists. With one, an existing address is only found by the insert's
      // unique violation, after the password hash, so a taken address costs as long as a new one.
      if (!(await invites.isUsable(db, input.inviteCode))) throw invalidInvite();
      const passwordHash = await passwords.hash(input.password);
      const row = await createUser(input, email, passwordHash);

      await limiter.hit(limits.mailKey('verify-account', row.id), OTP_MAIL_RULE);
      try {
        await sendAccountCode(row);
      } catch (error) {
        await undoSignup(row);
        throw error;
      }
      return sessionFor(row);
    },

    /** A Google sign-up enters an invite code: consumed only if the user has none yet. */
    async useInvite(auth: AccessClaims, code: string): Promise<Session> {
      const userId = auth.userId;
      const current = await requireUser(auth);
      if (current.usedInviteCode) throw conflict(msg.inviteAlreadyUsed);
      const row = await db.transaction(async (tx) => {
        const invite = await invites.consume(tx, code);
        if (!invite) throw badRequest(msg.inviteInvalid);
        const [updated] = await tx
          .update(users)
          .set({ usedInviteCode: invite.code, inviteCodeId: invite.id, updatedAt: new Date() })
          .where(and(eq(users.id, userId), isNull(users.usedInviteCode)))
          .returning();
        if (!updated) throw conflict(msg.inviteAlreadyUsed);
        await invites.enrol(tx, invite, updated.id);
        return updated;
      });
      return sessionFor(row);
    },
  };
}
