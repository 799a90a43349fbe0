import fp from 'fastify-plugin';
import { explainEvaluation } from '../../services/ai/explain.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The AI explanations of a learner's own completed answers (services/ai/explain.ts). */
    explain: { evaluation: (userId: string, evaluationId: string) => ReturnType<typeof explainEvaluation> };
  }
}

export default fp(
  async (fastify) => {
    const { db, ai } = fastify;
    fastify.decorate('explain', {
      evaluation: (userId: string, evaluationId: string) => explainEvaluation(db, ai, userId, evaluationId),
    });
  },
  { name: 'explain', dependencies: ['database', 'ai'] },
);
