import {
  accountMessages as msg,
  consoleMessages,
  type Session,
  type StaffRole,
  type User,
} from '@ai-tutor/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { AccessClaims, AccessTokens } from '../../lib/access-token.js';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { rolesRepository } from '../console/roles-repository.js';
import { createWorkQueue } from '../limits/work-queue.js';
import { createAccountLimits, OTP_MAIL_RULE } from '../limits/account-limits.js';
import type { AttemptLimiter } from './attempt-limiter.js';
import { createSecretHasher } from './codes.js';
import { otpMail } from './otp-mail.js';
import { createPasswordHasher } from './passwords.js';
import { createRefreshTokens } from './refresh-tokens.js';
import { createVerifications } from './verifications.js';

/*
 * What every account flow shares: the stores, the hashers, the limits, finding a user, opening a
 * session and mailing a code. Each flow (sign-up, sign-in, Google, verification, reset, profile) is a
 * file of its own taking this context; accounts-service.ts puts them together.
 */

export type UserRow = typeof users.$inferSelect;

/** A sign-in waiting longer than this for a password hash is answered 503 with Retry-After. */
const HASH_MAX_WAIT_MS = 20_000;

export interface AccountsDeps {
  db: Db;
  config: Config;
  mailer: FastifyInstance['mailer'];
  accessTokens: AccessTokens;
  limiter: AttemptLimiter;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export function publicUser(row: UserRow, roles: StaffRole[]): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    verified: row.verified,
    usedInviteCode: row.usedInviteCode,
    roles,
  };
}

/** Ends every session: refresh tokens revoked, access tokens of the old generation refused. */
export const endAllSessions = { sessionGeneration: sql`${users.sessionGeneration} + 1` };

export function createAccountContext({ db, config, mailer, accessTokens, limiter }: AccountsDeps) {
  const hasher = createSecretHasher(config.jwtSecret);
  const { argon2, ...hashQueue } = config.passwordHashing;
  const passwords = createPasswordHasher(
    argon2,
    createWorkQueue({ ...hashQueue, maxWaitMs: HASH_MAX_WAIT_MS }),
  );
  const codes = createVerifications(hasher);
  const refreshTokens = createRefreshTokens(db, hasher, config.refreshTokenTtlSeconds);
  const limits = createAccountLimits(limiter);
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

  /** The user and an access token of the row's session generation, with `refreshToken` or a new one. */
  /** The user as the API shows them: with their console roles (the web app opens /admin by them). */
  const userView = async (row: UserRow) => publicUser(row, await rolesRepository.of(db, row.id));

  /** Every way in (password, Google, sign-up, refresh) opens its session here: a disabled account is refused. */
  const sessionFor = async (row: UserRow, refreshToken?: string): Promise<Session> => {
    if (row.disabledAt) throw forbidden(consoleMessages.accountDisabled);
    return {
      user: await userView(row),
      tokens: {
        access_token: await accessTokens.sign({
          userId: row.id,
          verified: row.verified,
          inviteUsed: row.usedInviteCode !== null,
          sessionGeneration: row.sessionGeneration,
        }),
        refresh_token: refreshToken ?? (await refreshTokens.issue(row.id)),
      },
    };
  };

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
      await limiter.reset(limits.mailKey('verify-account', row.id), OTP_MAIL_RULE);
      throw error;
    }
  };

  return {
    db,
    config,
    limiter,
    hasher,
    passwords,
    codes,
    refreshTokens,
    limits,
    findById,
    findByEmail,
    requireUser,
    userView,
    sessionFor,
    sendMail,
    sendAccountCode,
    mailMillis: () => mailMillis,
  };
}

export type AccountContext = ReturnType<typeof createAccountContext>;
