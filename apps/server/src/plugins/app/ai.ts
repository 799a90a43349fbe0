import fp from 'fastify-plugin';
import { gradeFreeTextAnswers } from '../../services/ai/grade-free-text.js';
import { createAiProvider, type AiProvider } from '../../services/ai/provider.js';
import type { FreeTextGrader } from '../../services/quiz/free-text-grading.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The AI provider of this app instance; disabled (every caller uses its fallback) when none is configured. */
    ai: AiProvider;
    /**
     * The grader of free-text answers that did not match exactly, or null without a provider. Quiz
     * completion receives it explicitly: it is how AI can change a score.
     */
    freeTextGrader: FreeTextGrader | null;
  }
}

/** One AI provider per app instance, and the free-text grader built on it. */
export default fp(
  async (fastify) => {
    const ai = createAiProvider(fastify.config.ai, fastify.log);
    fastify.decorate('ai', ai);
    fastify.decorate<FreeTextGrader | null>(
      'freeTextGrader',
      ai.enabled ? (items) => gradeFreeTextAnswers(ai, items) : null,
    );
  },
  { name: 'ai', dependencies: ['config'] },
);
