import {
  adminPeoplePaths,
  apiMessages,
  consoleMessages,
  createdInvite,
  createInviteBody,
  envelope,
  inviteIdParams,
  inviteRow,
  invitesPage,
  invitesQuery,
  peopleMessages,
  revokeInviteBody,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../../../../lib/errors.js';
import { actorOf } from '../../../../plugins/app/console.js';
import { InviteCodeTakenError } from '../../../../services/accounts/invites.js';
import { batchesRepository } from '../../../../services/console/batches-repository.js';
import {
  createAuditedInvite,
  invitesPage as listInvites,
  revokeInvite,
  toInviteRow,
} from '../../../../services/console/invite-writes.js';
import { errors } from '../shared.js';

/**
 * Invite codes from the console (admins; docs/decisions/0025-console-people.md): made with a number of
 * uses, an optional expiry and an optional batch (registering with a batch code enrols the learner),
 * listed with their uses, and revoked. The CLI's loopback channel shares the same service.
 */
const adminInvitesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    adminPeoplePaths.invites,
    {
      onRequest: fastify.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Invite codes with their uses, expiry, batch and state (admin)',
        security: [{ bearer: [] }],
        querystring: invitesQuery,
        response: { 200: envelope(invitesPage), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ message: apiMessages.ok, data: await listInvites(fastify.db, request.query) }),
  );

  fastify.post(
    adminPeoplePaths.invites,
    {
      onRequest: fastify.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Make an invite code, optionally for a batch (admin)',
        description:
          'With `batchId`, registering with the code (or entering it after a Google sign-up) enrols the ' +
          'learner in that batch. `code` is generated unless given.',
        security: [{ bearer: [] }],
        body: createInviteBody,
        response: { 201: envelope(createdInvite), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { maxUses, expiresAt, batchId, code } = request.body;
      const batch = batchId ? await batchesRepository.detail(fastify.db, batchId) : null;
      if (batchId && !batch) throw notFound(consoleMessages.batchNotFound);
      try {
        const row = await createAuditedInvite(fastify.db, actorOf(request), {
          code,
          maxUses,
          expiresAt: expiresAt ? new Date(expiresAt) : null,
          batchId: batch?.id ?? null,
          ...(batch ? { batchName: batch.name } : {}),
        });
        return reply.code(201).send({
          message: peopleMessages.inviteCreated,
          data: {
            invite: toInviteRow(row, batch ? { id: batch.id, name: batch.name } : null),
            registerUrl: `${fastify.config.publicUrl}/register`,
          },
        });
      } catch (error) {
        if (error instanceof InviteCodeTakenError) throw conflict(error.message);
        throw error;
      }
    },
  );

  fastify.post(
    adminPeoplePaths.inviteRevoke,
    {
      onRequest: fastify.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Revoke an invite code: nobody can register with it afterwards (admin)',
        security: [{ bearer: [] }],
        params: inviteIdParams,
        body: revokeInviteBody,
        response: { 200: envelope(inviteRow), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { row, message } = await revokeInvite(
        fastify.db,
        actorOf(request),
        request.params.id,
        request.body?.reason,
      );
      const batch = row.batchId ? await batchesRepository.detail(fastify.db, row.batchId) : null;
      return { message, data: toInviteRow(row, batch ? { id: batch.id, name: batch.name } : null) };
    },
  );
};
export default adminInvitesRoutes;
