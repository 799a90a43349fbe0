import type { CheckAnswerBody, HintLevel } from '@ai-tutor/contract';
import fp from 'fastify-plugin';
import { checkAnswer } from '../../services/practice/check.js';
import { uncheckedFields } from '../../services/quiz/check-feedback.js';
import { giveHint } from '../../services/practice/hint.js';
import { isTutorQuiz, resolveTutorScope } from '../../services/practice/tutor-scope.js';

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
    // Review and adaptive sessions resolve and draw their own scope; untimed questions start unchecked.
    fastify.quiz.startStrategies.scope(({ db: on, body, userId, newCardsPerDay }, now) =>
      isTutorQuiz(body) ? resolveTutorScope(on, body, now, userId, newCardsPerDay) : null,
    );
    fastify.quiz.startStrategies.uncheckedFields(uncheckedFields);
  },
  { name: 'practice', dependencies: ['database', 'ai', 'quiz'] },
);
