import {
  accountMessages as msg,
  myDataMessages,
  type DeleteAccountBody,
  type DeletedAccount,
} from '@ai-tutor/contract';
import { decodeJwt } from 'jose';
import type { AccessClaims } from '../../lib/access-token.js';
import { forbidden, notFound, serviceUnavailable } from '../../lib/errors.js';
import type { AccountContext, UserRow } from './account-context.js';
import { eraseAccount, holdsRole, lockForErase } from './erase-account.js';
import { createGoogleVerifier, type GoogleVerifier } from './google.js';

/** A Google ID token proves the learner is at the keyboard only if Google issued it this recently. */
export const GOOGLE_FRESH_SECONDS = 10 * 60;

/**
 * The learner deletes their own account (docs/decisions/0023-learners-data-and-backups.md): proven by
 * the password, or for an account without one by a fresh Google ID token of the same Google account.
 * A wrong proof is a 403 (not 401: the web app would take that for an expired session) and writes
 * nothing; the password check counts against the account's sign-in limit like a sign-in.
 */
export function createAccountDeletion({ db, config, passwords, limits, requireUser }: AccountContext) {
  const google: GoogleVerifier | null = config.google.clientId
    ? createGoogleVerifier(config.google.clientId, config.google.jwksUrl)
    : null;

  const proveWithPassword = async (row: UserRow, password: string, address?: string) => {
    await limits.beforeSignIn(row.email, address);
    const ok = row.passwordHash
      ? await passwords.verify(password, row.passwordHash)
      : await passwords.verifyNothing(password);
    if (!ok) {
      await limits.signInFailed(address);
      throw forbidden(myDataMessages.wrongPassword);
    }
    await limits.signInSucceeded(row.email);
  };

  const proveWithGoogle = async (row: UserRow, idToken: string) => {
    if (!google) throw serviceUnavailable(msg.googleNotConfigured);
    let sub: string;
    try {
      sub = (await google(idToken)).sub;
    } catch {
      throw forbidden(myDataMessages.googleMismatch);
    }
    const issuedAt = decodeJwt(idToken).iat ?? 0;
    const fresh = Date.now() / 1000 - issuedAt <= GOOGLE_FRESH_SECONDS;
    if (!row.googleSub || sub !== row.googleSub || !fresh) throw forbidden(myDataMessages.googleMismatch);
  };

  return {
    async deleteOwnAccount(
      auth: AccessClaims,
      proof: DeleteAccountBody,
      address?: string,
    ): Promise<DeletedAccount> {
      const row = await requireUser(auth);
      if (await holdsRole(db, row.id)) throw forbidden(myDataMessages.notALearner);
      if (proof.password !== undefined) await proveWithPassword(row, proof.password, address);
      else await proveWithGoogle(row, proof.googleIdToken ?? '');
      const deletedAt = await db.transaction(async (tx) => {
        const locked = await lockForErase(tx, row.id);
        if (!locked) throw notFound(msg.userNotFound);
        return eraseAccount(tx, { userId: row.id, label: 'learner (own account)' }, locked, null);
      });
      return { id: row.id, deletedAt: deletedAt.toISOString() };
    },
  };
}
