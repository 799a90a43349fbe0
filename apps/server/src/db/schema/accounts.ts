import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

/** Accounts: invite codes, users, one-time codes, refresh tokens. */

export const inviteCodes = pgTable('invite_codes', {
  id: id(),
  code: text('code').notNull().unique(),
  maxUses: integer('max_uses').notNull().default(1),
  uses: integer('uses').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /**
   * A batch code: registering (or entering the code after a Google sign-up) also enrols the learner in
   * this batch. A plain uuid, not a foreign key: accounts.ts comes before the console's tables.
   */
  batchId: uuid('batch_id'),
  /** Revoked by an operator: no use left, whatever max_uses says. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored lower-cased: emails are unique case-insensitively. */
    email: text('email').notNull().unique(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub').unique(),
    verified: boolean('verified').notNull().default(false),
    usedInviteCode: text('used_invite_code'),
    inviteCodeId: uuid('invite_code_id').references(() => inviteCodes.id),
    /**
     * Raised when every session of the account must end (Google linking a pre-registered account, a
     * password reset). Access tokens carry the value they were signed with; see lib/access-token.ts.
     */
    sessionGeneration: integer('session_generation').notNull().default(0),
    /** Set by an admin in the console: sign-in and refresh are refused until it is cleared. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Accommodations: extra time on every timed test started afterwards (services/quiz/extra-time.ts). */
    extraTimePercent: integer('extra_time_percent').notNull().default(0),
    extraTimeMinutes: integer('extra_time_minutes').notNull().default(0),
    /**
     * Set when the learner (or an admin) deleted the account: the row stays, emptied of everything
     * personal, so live-test rankings and question statistics keep their counts
     * (docs/decisions/0023-learners-data-and-backups.md).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The lockout poll's index: the few accounts disabled lately (services/accounts/lockouts.ts).
    index('users_disabled_at')
      .on(t.disabledAt)
      .where(sql`${t.disabledAt} IS NOT NULL`),
    // The retention purge's question: unverified accounts older than UNVERIFIED_ACCOUNT_DAYS.
    index('users_unverified_created')
      .on(t.createdAt)
      .where(sql`${t.verified} = false`),
  ],
);

/** One table for every one-time code: account verification, password reset OTP, reset token. */
export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('verifications_purpose_target').on(t.purpose, t.target)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    replacedById: uuid('replaced_by_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family').on(t.familyId),
    index('refresh_tokens_user').on(t.userId),
    // The retention purge deletes expired tokens by this.
    index('refresh_tokens_expires').on(t.expiresAt),
  ],
);
