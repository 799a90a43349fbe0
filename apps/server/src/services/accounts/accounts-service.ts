import { setTimeout as sleep } from 'node:timers/promises';
import { accountMessages as msg, wrongOtpMessage, type Session, type User } from '@ai-tutor/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { inviteCodes, users } from '../../db/schema.js';
import type { AccessClaims, AccessTokens } from '../../lib/access-token.js';
import { badRequest, conflict, gone, notFound, serviceUnavailable, unauthorized } from '../../lib/errors.js';
import { createWorkQueue } from '../limits/work-queue.js';
import { createAccountLimits, OTP_MAIL_RULE } from '../limits/account-limits.js';
import type { AttemptLimiter } from './attempt-limiter.js';
import { createSecretHasher, generateOtp } from './codes.js';
import { createGoogleVerifier, type GoogleVerifier } from './google.js';
import { invites } from './invites.js';
import { otpMail } from './otp-mail.js';
import { createPasswordHasher } from './passwords.js';
import { createRefreshTokens } from './refresh-tokens.js';
import { createVerifications } from './verifications.js';

type UserRow = typeof users.$inferSelect;

/** A sign-in waiting longer than this for a password hash is answered 503 with Retry-After. */
const HASH_MAX_WAIT_MS = 20_000;

export interface AccountsDeps {
  db: Db;
  config: Config;
  mailer: FastifyInstance['mailer'];
  accessTokens: AccessTokens;
  limiter: AttemptLimiter;
}

export interface SignupInput {
  name: string;
  email: string;
  phone?: string | undefined;
  password: string;
  inviteCode: string;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const invalidInvite = () =>
  badRequest(msg.inviteInvalid, [{ path: 'body.inviteCode', message: msg.inviteInvalid }]);

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export function publicUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    verified: row.verified,
    usedInviteCode: row.usedInviteCode,
  };
}

/** Every account flow of DESIGN.md §4 "Auth"; the routes only validate, call and wrap. */
export function createAccountsService({ db, config, mailer, accessTokens, limiter }: AccountsDeps) {
  const hasher = createSecretHasher(config.jwtSecret);
  const passwords = createPasswordHasher(
    config.scryptLogN,
    createWorkQueue({ ...config.passwordHashing, maxWaitMs: HASH_MAX_WAIT_MS }),
  );
  const codes = createVerifications(hasher);
  const refreshTokens = createRefreshTokens(db, hasher, config.refreshTokenTtlSeconds);
  const google: GoogleVerifier | null = config.google.clientId
    ? createGoogleVerifier(config.google.clientId, config.google.jwksUrl)
    : null;
  /** Average time a mail takes to send: an unknown address in the forgot-password flow waits as long. */
  let mailMillis = 0;

  const findById = async (id: string, executor: DbOrTx = db) =>
    (await executor.select().from(users).where(eq(users.id, id)))[0];
  const findByEmail = async (email: string, executor: DbOrTx = db) =>
    (
      await executor
        .select()
        .from(users)
        .where(eq(users.email, normalizeEmail(email)))
    )[0];
  /** The token's user, 404 when gone, 401 when the token is from a session generation since ended. */
  const requireUser = async (auth: AccessClaims) => {
    const row = await findById(auth.userId);
    if (!row) throw notFound(msg.userNotFound);
    if (row.sessionGeneration !== auth.sessionGeneration) throw unauthorized(msg.sessionInvalid);
    return row;
  };
  /** Ends every session: refresh tokens revoked, access tokens of the old generation refused. */
  const endAllSessions = { sessionGeneration: sql`${users.sessionGeneration} + 1` };

  const sessionFor = async (row: UserRow): Promise<Session> => ({
    user: publicUser(row),
    tokens: {
      access_token: await accessTokens.sign({
        userId: row.id,
        verified: row.verified,
        inviteUsed: row.usedInviteCode !== null,
        sessionGeneration: row.sessionGeneration,
      }),
      refresh_token: await refreshTokens.issue(row.id),
    },
  });

  const limits = createAccountLimits(limiter);
  const { mailKey, takeMailSlot, giveMailSlotBack, takeCodeTry } = limits;
  const sendMail = async (mail: Parameters<typeof mailer.send>[0]) => {
    const started = performance.now();
    await mailer.send(mail);
    const took = performance.now() - started;
    mailMillis = mailMillis === 0 ? took : mailMillis * 0.8 + took * 0.2;
  };

  /** Sends the account-verification code; a failed mail frees the cooldown so the user may retry. */
  const sendAccountCode = async (row: UserRow) => {
    const code = await codes.issueOtp(db, 'verify-account', row.id);
    try {
      await sendMail(otpMail('verify-account', row, code));
    } catch (error) {
      await limiter.reset(mailKey('verify-account', row.id), OTP_MAIL_RULE);
      throw error;
    }
  };

  const sendResetCode = async (rawEmail: string) => {
    const email = normalizeEmail(rawEmail);
    await takeMailSlot('reset-password-otp', email);
    const row = await findByEmail(email);
    if (!row) {
      // The same answer for an unknown address, after about the same work and time.
      hasher.hash('reset-password-otp\n' + email, generateOtp());
      if (mailMillis > 0) await sleep(Math.min(mailMillis, 5000));
      return;
    }
    const code = await codes.issueOtp(db, 'reset-password-otp', email);
    try {
      await sendMail(otpMail('reset-password', row, code));
    } catch (error) {
      await giveMailSlotBack('reset-password-otp', email);
      throw error;
    }
  };

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
      const row = await db.transaction(async (tx) => {
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
          return created;
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(msg.emailTaken);
          throw error;
        }
      });

      await limiter.hit(mailKey('verify-account', row.id), OTP_MAIL_RULE);
      try {
        await sendAccountCode(row);
      } catch (error) {
        // Never a silent success: nothing of the sign-up stays, the invite use is given back.
        await db.transaction(async (tx) => {
          await tx.delete(users).where(eq(users.id, row.id));
          if (row.inviteCodeId) {
            await tx
              .update(inviteCodes)
              .set({ uses: sql`${inviteCodes.uses} - 1` })
              .where(and(eq(inviteCodes.id, row.inviteCodeId), gt(inviteCodes.uses, 0)));
          }
          await codes.discard(tx, 'verify-account', row.id);
        });
        throw error;
      }
      return sessionFor(row);
    },

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
      return sessionFor(row);
    },

    async googleLogin(idToken: string): Promise<Session> {
      if (!google) throw serviceUnavailable(msg.googleNotConfigured);
      let identity;
      try {
        identity = await google(idToken);
      } catch {
        throw unauthorized(msg.googleFailed);
      }
      const bySub = (await db.select().from(users).where(eq(users.googleSub, identity.sub)))[0];
      if (bySub) return sessionFor(bySub);

      const byEmail = await findByEmail(identity.email);
      if (byEmail) {
        if (byEmail.googleSub && byEmail.googleSub !== identity.sub) throw unauthorized(msg.googleFailed);
        // Google has verified the address. A password set by whoever registered it unverified was
        // never proven, so it is dropped (no pre-registration takeover); "Forgot Password?" sets a new one.
        // Every session the account had ends with the link: a pre-registrant's refresh token would
        // otherwise go on refreshing, now into a verified account holding the owner's data.
        const linked = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(users)
            .set({
              googleSub: identity.sub,
              verified: true,
              updatedAt: new Date(),
              ...endAllSessions,
              ...(byEmail.verified ? {} : { passwordHash: null }),
            })
            .where(and(eq(users.id, byEmail.id), isNull(users.googleSub)))
            .returning();
          if (!updated) return null;
          await refreshTokens.revokeAllForUser(updated.id, tx);
          await codes.discard(tx, 'verify-account', updated.id);
          return updated;
        });
        if (!linked) throw unauthorized(msg.googleFailed);
        return sessionFor(linked);
      }

      try {
        const [created] = await db
          .insert(users)
          .values({
            name: identity.name ?? identity.email.split('@')[0] ?? identity.email,
            email: identity.email,
            googleSub: identity.sub,
            verified: true,
          })
          .returning();
        if (!created) throw new Error('user not created');
        return await sessionFor(created);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Two first sign-ins at once: the other request created the account.
        const winner = (await db.select().from(users).where(eq(users.googleSub, identity.sub)))[0];
        if (!winner) throw unauthorized(msg.googleFailed);
        return sessionFor(winner);
      }
    },

    async verifyAccount(auth: AccessClaims, email: string, code: string): Promise<Session> {
      const row = await requireUser(auth);
      if (row.verified) throw conflict(msg.alreadyVerified);
      if (normalizeEmail(email) !== row.email) throw badRequest(msg.otpEmailMismatch);
      await takeCodeTry('verify-account', row.id);
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
      await takeMailSlot('verify-account', row.id);
      try {
        await sendAccountCode(row);
      } catch (error) {
        await giveMailSlotBack('verify-account', row.id);
        throw error;
      }
    },

    /** forget-password and resend-otp: the same answer whether or not the address has an account. */
    sendResetCode,

    async verifyResetCode(rawEmail: string, code: string): Promise<string> {
      const email = normalizeEmail(rawEmail);
      await takeCodeTry('reset-password-otp', email);
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

    async refresh(token: string): Promise<Session> {
      const rotated = await refreshTokens.rotate(token);
      if (!rotated.ok) throw unauthorized(msg.sessionInvalid);
      const row = await findById(rotated.userId);
      if (!row) throw unauthorized(msg.sessionInvalid);
      return {
        user: publicUser(row),
        tokens: {
          access_token: await accessTokens.sign({
            userId: row.id,
            verified: row.verified,
            inviteUsed: row.usedInviteCode !== null,
            sessionGeneration: row.sessionGeneration,
          }),
          refresh_token: rotated.token,
        },
      };
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await refreshTokens.revokeFamilyOf(token);
    },

    async currentUser(auth: AccessClaims): Promise<User> {
      return publicUser(await requireUser(auth));
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
      return publicUser(row);
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
        return updated;
      });
      return sessionFor(row);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
