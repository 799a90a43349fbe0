import { createAccountContext, type AccountsDeps } from './account-context.js';
import { createAccountVerification } from './account-verification.js';
import { createAccountDeletion } from './delete-account.js';
import { createGoogleSignIn } from './google-sign-in.js';
import { createPasswordReset } from './password-reset.js';
import { createProfile } from './profile.js';
import { createSignIn } from './sign-in.js';
import { createSignUp } from './sign-up.js';

export type { AccountsDeps } from './account-context.js';
export type { SignupInput } from './sign-up.js';

/**
 * Every account flow of docs/api.md#accounts; the routes only validate, call and wrap. One file per
 * flow, all sharing one context (stores, hashers, limits, sessions, code mail).
 */
export function createAccountsService(deps: AccountsDeps) {
  const ctx = createAccountContext(deps);
  return {
    ...createSignUp(ctx),
    ...createSignIn(ctx),
    ...createGoogleSignIn(ctx),
    ...createAccountVerification(ctx),
    ...createPasswordReset(ctx),
    ...createProfile(ctx),
    ...createAccountDeletion(ctx),
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
