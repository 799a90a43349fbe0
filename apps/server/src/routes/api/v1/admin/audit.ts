import { adminApiPaths, apiMessages, auditPage, auditQuery, envelope } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRepository } from '../../../../services/console/audit-repository.js';
import { errors } from '../shared.js';

/** The audit log, newest first, for admins: every console and CLI write. */
const adminAuditRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    adminApiPaths.audit,
    {
      preHandler: fastify.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'The audit log (admin)',
        description:
          '`actor`: part of the actor’s email, or `cli`. `object`: a type (`user`, `invite`, `batch`) ' +
          'or `type:id`. Newest first.',
        security: [{ bearer: [] }],
        querystring: auditQuery,
        response: { 200: envelope(auditPage), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await auditRepository.page(fastify.db, request.query),
    }),
  );
};
export default adminAuditRoute;
