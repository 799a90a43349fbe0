import { apiPaths, type LoginForm, type Session } from '@ai-tutor/contract';
import { call, type RequestContext } from '../../../lib/http';
import type { Envelope } from './types';

/**
 * POST /v1/auth/login {email, password} → {user, tokens}. A plain call, not an RTK Query endpoint: it
 * runs on the first page, which does not load RTK Query (nothing here is worth caching).
 */
export const login = (body: LoginForm, context: RequestContext) =>
  call<Envelope<Session>>({ url: apiPaths.login, method: 'POST', body }, context);
