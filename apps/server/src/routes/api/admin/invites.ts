import { adminMessages, apiMessages, envelope } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict } from '../../../lib/errors.js';
import {
  ADMIN_INVITES_PATH,
  adminInvite,
  adminInviteRequest,
  type AdminInvite,
} from '../../../lib/admin-access.js';
import { invites, InviteCodeTakenError, type InviteCode } from '../../../services/accounts/invites.js';
import { CLI_ACTOR } from '../../../services/console/audit-repository.js';
import { createAuditedInvite } from '../../../services/console/invite-writes.js';

const path = ADMIN_INVITES_PATH.replace(/^\/api/, '');
const failure = z.object({ message: z.string(), data: z.null() });
export const channelSchema = { hide: true, tags: ['admin'], security: [{ bearer: [] }] };

const toAdminInvite = (row: InviteCode): AdminInvite => ({
  code: row.code,
  uses: row.uses,
  maxUses: row.maxUses,
  expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
});

/** `invites create|list` of the CLI while the server runs (the channel: ./index.ts). */
const adminInvitesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    path,
    {
      schema: {
        ...channelSchema,
        body: adminInviteRequest,
        response: {
          201: envelope(z.object({ invite: adminInvite, registerUrl: z.string() })),
          401: failure,
          404: failure,
          409: failure,
        },
      },
    },
    async (request, reply) => {
      const { code, maxUses, expiresAt } = request.body;
      try {
        const row = await createAuditedInvite(fastify.db, CLI_ACTOR, {
          code,
          maxUses,
          expiresAt: expiresAt ? new Date(expiresAt) : null,
        });
        return reply.status(201).send({
          message: adminMessages.inviteCreated,
          data: { invite: toAdminInvite(row), registerUrl: `${fastify.config.publicUrl}/register` },
        });
      } catch (error) {
        if (error instanceof InviteCodeTakenError) throw conflict(error.message);
        throw error;
      }
    },
  );

  fastify.get(
    path,
    {
      schema: {
        ...channelSchema,
        response: { 200: envelope(z.array(adminInvite)), 401: failure, 404: failure },
      },
    },
    async () => ({
      message: apiMessages.ok,
      data: (await invites.list(fastify.db)).map(toAdminInvite),
    }),
  );
};
export default adminInvitesRoutes;
