import { accountMessages as msg, type Session } from '@ai-tutor/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { serviceUnavailable, unauthorized } from '../../lib/errors.js';
import { endAllSessions, isUniqueViolation, type AccountContext, type UserRow } from './account-context.js';
import { createGoogleVerifier, type GoogleIdentity, type GoogleVerifier } from './google.js';

/**
 * Sign-in with a Google ID token: the account found by Google's id, linked by address, or created.
 * Long only as a whole: short steps sharing the verifier and the account context.
 */
export function createGoogleSignIn({
  db,
  config,
  codes,
  refreshTokens,
  findByEmail,
  sessionFor,
}: AccountContext) {
  const google: GoogleVerifier | null = config.google.clientId
    ? createGoogleVerifier(config.google.clientId, config.google.jwksUrl)
    : null;

  const findBySub = async (sub: string) => (await db.select().from(users).where(eq(users.googleSub, sub)))[0];

  /**
   * Google has verified the address. A password set by whoever registered it unverified was never
   * proven, so it is dropped (no pre-registration takeover); "Forgot Password?" sets a new one. Every
   * session the account had ends with the link: a pre-registrant's refresh token would otherwise go on
   * refreshing, now into a verified account holding the owner's data.
   */
  const link = async (byEmail: UserRow, identity: GoogleIdentity): Promise<Session> => {
    if (byEmail.googleSub && byEmail.googleSub !== identity.sub) throw unauthorized(msg.googleFailed);
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
  };

  const create = async (identity: GoogleIdentity): Promise<Session> => {
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
      const winner = await findBySub(identity.sub);
      if (!winner) throw unauthorized(msg.googleFailed);
      return sessionFor(winner);
    }
  };

  return {
    async googleLogin(idToken: string): Promise<Session> {
      if (!google) throw serviceUnavailable(msg.googleNotConfigured);
      let identity;
      try {
        identity = await google(idToken);
      } catch {
        throw unauthorized(msg.googleFailed);
      }
      const bySub = await findBySub(identity.sub);
      if (bySub) return sessionFor(bySub);
      const byEmail = await findByEmail(identity.email);
      if (byEmail) return link(byEmail, identity);
      return create(identity);
    },
  };
}
