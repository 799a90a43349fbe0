import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema.js';

export interface TestLearner {
  id: string;
  email: string;
  token: string;
  /** `{authorization: 'Bearer …'}` for app.inject. */
  headers: Record<string, string>;
}

/**
 * A learner who has passed every guard (verified, invite code used), written straight to the database
 * with a signed access token — for tests of the areas behind sign-in, not of sign-in itself.
 */
export async function createLearner(
  app: FastifyInstance,
  options: { verified?: boolean; inviteUsed?: boolean; name?: string } = {},
): Promise<TestLearner> {
  const verified = options.verified ?? true;
  const inviteUsed = options.inviteUsed ?? true;
  const email = `learner-${randomBytes(5).toString('hex')}@example.test`;
  const [row] = await app.db
    .insert(users)
    .values({
      name: options.name ?? 'Test Learner',
      email,
      verified,
      usedInviteCode: inviteUsed ? 'TEST-CODE' : null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('learner not created');
  const token = await app.accessTokens.sign({ userId: row.id, verified, inviteUsed });
  return { id: row.id, email, token, headers: { authorization: `Bearer ${token}` } };
}
