import { apiMessages, envelope } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthData = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

const healthRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness', response: { 200: envelope(healthData) } } },
    async () => ({
      message: apiMessages.ok,
      data: { status: 'ok' as const, database: fastify.database.kind },
    }),
  );

  fastify.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and the instance is not shutting down',
        response: { 200: envelope(healthData), 503: envelope(z.null()) },
      },
    },
    async (_request, reply) => {
      if (!fastify.readiness.accepting)
        return reply.status(503).send({ message: apiMessages.shuttingDown, data: null });
      try {
        await fastify.database.query('SELECT 1');
      } catch {
        return reply.status(503).send({ message: apiMessages.databaseUnavailable, data: null });
      }
      return { message: apiMessages.ok, data: { status: 'ok' as const, database: fastify.database.kind } };
    },
  );
};
export default healthRoutes;
