import type { CheckAnswerBody, HintLevel } from '@ai-tutor/contract';
import fp from 'fastify-plugin';
import { checkAnswer } from '../../services/practice/check.js';
import { giveHint } from '../../services/practice/hint.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Practice and review (docs/product.md#practice-and-review-sessions): check one answer, give a hint (services/practice). */
    practice: {
      check: (userId: string, evaluationId: string, body: CheckAnswerBody) => ReturnType<typeof checkAnswer>;
      hint: (userId: string, evaluationId: string, level: HintLevel) => ReturnType<typeof giveHint>;
    };
  }
}

export default fp(
  async (fastify) => {
    const { db, ai, freeTextGrader } = fastify;
    fastify.decorate('practice', {
      check: (userId: string, evaluationId: string, body: CheckAnswerBody) =>
        checkAnswer(db, freeTextGrader, userId, evaluationId, body),
      hint: (userId: string, evaluationId: string, level: HintLevel) =>
        giveHint(db, ai, userId, evaluationId, level),
    });
  },
  { name: 'practice', dependencies: ['database', 'ai'] },
);
