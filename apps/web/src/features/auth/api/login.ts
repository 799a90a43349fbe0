import { apiPaths, type LoginForm, type Session } from '@ai-tutor/contract';
import { callApi, type CallContext } from '../../../lib/base-query';
import { withRetryAfter } from '../../../lib/retry-after';

/**
 * POST /v1/auth/login {email, password} → {user, tokens}, through the one base query (nothing here is
 * worth caching). Rejects with the error; a 503 (the password-hash queue is full) keeps Retry-After.
 */
export async function login(body: LoginForm, context: CallContext) {
  const result = await callApi<Session>({ url: apiPaths.login, method: 'POST', body }, context);
  if (result.error) throw withRetryAfter(result.error, result.meta);
  return { message: result.meta?.message ?? '', data: result.data as Session };
}
