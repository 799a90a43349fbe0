import type { SessionData } from '@ai-tutor/contract';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { batchMembers, batches, batchTeachers } from '../../src/db/schema.js';
import { answerKey, save } from './catalogue.js';
import type { TestLearner } from './learner.js';

/** A seeded generator (mulberry32): the same class answers the same way on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A realistic class at a paper of `optionQuestions` (options "<S> <n> right", "… wrong a", "… wrong b"):
 * a learner of ability θ (0–1) picks the truly right option of a question of difficulty δ with
 * probability 1 / (1 + e^(−8(θ − δ))), else skips one time in six or picks a wrong option. It answers
 * by the option's text, whatever the stored key says.
 */
export async function answerLikeAClass(
  app: FastifyInstance,
  learner: TestLearner,
  session: SessionData,
  ability: number,
  difficulty: (rightOption: string) => number,
  random: () => number,
): Promise<void> {
  const keys = await answerKey(app.db, session.assessment._id);
  // In the paper's order, not the taker's: the server shuffles each taker's questions, and the seeded
  // draws must fall on the same questions on every run.
  const questions = session.evaluation
    .map((e) => ({ e, options: keys.get(e._id)!.options }))
    .map((q) => ({ ...q, right: q.options.find((o) => o.endsWith(' right'))! }))
    .sort((a, b) => a.right.localeCompare(b.right));
  for (const { e, options, right } of questions) {
    const p = 1 / (1 + Math.exp(-8 * (ability - difficulty(right))));
    let answer: string | null;
    if (random() < p) answer = right;
    else if (random() < 1 / 6) answer = null;
    // By text, not by place: the server shuffles each taker's options.
    else answer = options.filter((o) => o !== right).sort()[random() < 0.5 ? 0 : 1]!;
    const seconds = 20 + Math.round(random() * 80);
    const res = await save(app, learner, {
      evaluationId: e._id,
      ...(answer === null ? {} : { userAnswer: answer }),
      timeSpentSeconds: seconds,
    });
    if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
  }
}

/** A batch with these members and teachers, written straight to the database. */
export async function insertBatch(db: Db, members: TestLearner[], teachers: TestLearner[] = []) {
  const [batch] = await db
    .insert(batches)
    .values({ name: `Batch ${randomBytes(3).toString('hex')}` })
    .returning({ id: batches.id, name: batches.name });
  if (members.length)
    await db.insert(batchMembers).values(members.map((m) => ({ batchId: batch!.id, userId: m.id })));
  if (teachers.length)
    await db.insert(batchTeachers).values(teachers.map((m) => ({ batchId: batch!.id, userId: m.id })));
  return batch!;
}
