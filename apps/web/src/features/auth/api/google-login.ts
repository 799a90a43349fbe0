import { apiPaths, type Session } from '@ai-tutor/contract';
import { callApiOrThrow, type CallContext } from '../../../lib/base-query';

/** POST /v2/auth/google {authorization: Google's credential} → {user, tokens}. A first-page call, as login. */
export const googleLogin = (body: { authorization: string }, context: CallContext) =>
  callApiOrThrow<Session>({ url: apiPaths.googleLogin, method: 'POST', body }, context);
