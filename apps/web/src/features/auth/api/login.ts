import { apiPaths, type LoginForm, type Session } from '@ai-tutor/contract';
import { callApiOrThrow, type CallContext } from '../../../lib/base-query';

/**
 * POST /v1/auth/login {email, password} → {user, tokens}, through the one base query (nothing here is
 * worth caching).
 */
export const login = (body: LoginForm, context: CallContext) =>
  callApiOrThrow<Session>({ url: apiPaths.login, method: 'POST', body }, context);
