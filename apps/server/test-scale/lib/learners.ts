import { randomBytes } from 'node:crypto';
import type { SessionData } from '@ai-tutor/contract';
import { createAccessTokens } from '../../src/lib/access-token.js';
import { call, jwtSecret, type Instance, type RunDatabase } from './instances.js';

/** The seeded catalogue (apps/server/content): JEE Physics has 20-question subject quizzes. */
export const physicsQuiz = {
  examSlug: 'jee-main-practice',
  quizType: 'subject' as const,
  moduleSlug: 'jee-main-paper-1',
  subjectSlug: 'jee-physics',
  type: 'quiz' as const,
};

export interface Learner {
  id: string;
  email: string;
  token: string;
}

/**
 * Learners past every guard written straight to the database, with access tokens signed by the
 * JWT_SECRET both instances share — for the quiz tests (sign-in itself is tested through the API).
 */
export async function insertLearners(db: RunDatabase, count: number): Promise<Learner[]> {
  const tokens = createAccessTokens(jwtSecret, 3600);
  const learners: Learner[] = [];
  for (let i = 0; i < count; i++) {
    const email = `scale-${randomBytes(5).toString('hex')}@example.test`;
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO users (name, email, verified, used_invite_code) VALUES ($1, $2, true, 'SCALE') RETURNING id`,
      [`Learner ${i}`, email],
    );
    const id = row!.id;
    learners.push({ id, email, token: await tokens.sign({ userId: id, verified: true, inviteUsed: true }) });
  }
  return learners;
}

export async function startQuiz(instance: Instance, learner: Learner, body = physicsQuiz) {
  const res = await call(instance, 'POST', '/v1/assessment', { token: learner.token, body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as SessionData;
}
