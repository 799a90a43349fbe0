import { apiPaths, type Session } from '@ai-tutor/contract';
import { call, type RequestContext } from '../../../lib/http';
import type { Envelope } from './types';

/** POST /v2/auth/google {authorization: Google's credential} → {user, tokens}. Plain call, as login. */
export const googleLogin = (body: { authorization: string }, context: RequestContext) =>
  call<Envelope<Session>>({ url: apiPaths.googleLogin, method: 'POST', body }, context);
