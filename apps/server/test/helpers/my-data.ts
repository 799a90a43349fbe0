import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema.js';
import { invites } from '../../src/services/accounts/invites.js';
import type { TestLearner } from './learner.js';

export const PASSWORD = 'right-pass-123';

/** A learner who registered with a password and is verified (so they can sit tests and sign in). */
export async function registeredLearner(
  app: FastifyInstance,
  name = 'Asha Verma',
  email = `asha.${randomBytes(4).toString('hex')}@example.test`,
): Promise<TestLearner & { refreshToken: string; name: string }> {
  const { code: inviteCode } = await invites.create(app.db);
  const signup = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { name, email, password: PASSWORD, confirmPassword: PASSWORD, inviteCode },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  await app.db.update(users).set({ verified: true }).where(eq(users.email, email));
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const { user, tokens } = login.json().data;
  return {
    id: user.id as string,
    email,
    name,
    token: tokens.access_token as string,
    refreshToken: tokens.refresh_token as string,
    headers: { authorization: `Bearer ${tokens.access_token as string}` },
  };
}

export function exportOf(app: FastifyInstance, who: { headers: Record<string, string> }) {
  return app.inject({ method: 'GET', url: '/api/v1/users/me/export', headers: who.headers });
}

export function deleteMe(app: FastifyInstance, who: { headers: Record<string, string> }, payload: object) {
  return app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: who.headers, payload });
}
