import fp from 'fastify-plugin';
import { explainEvaluation } from '../../services/ai/explain.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The AI tutor's explanations of a learner's own completed answers (services/ai/explain.ts). */
    tutor: { explain: (userId: string, evaluationId: string) => ReturnType<typeof explainEvaluation> };
  }
}

export default fp(
  async (fastify) => {
    const { db, ai } = fastify;
    fastify.decorate('tutor', {
      explain: (userId: string, evaluationId: string) => explainEvaluation(db, ai, userId, evaluationId),
    });
  },
  { name: 'tutor', dependencies: ['database', 'ai'] },
);
