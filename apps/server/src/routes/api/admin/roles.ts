import { envelope } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/errors.js';
import { ADMIN_ROLES_PATH, adminRoleReply, adminRoleRequest } from '../../../lib/admin-access.js';
import { CLI_ACTOR } from '../../../services/console/audit-repository.js';
import { changeRole, NoSuchUserError } from '../../../services/console/roles.js';
import { channelSchema } from './invites.js';

const failure = z.object({ message: z.string(), data: z.null() });

/** `users grant|revoke` of the CLI while the server runs (the channel: ./index.ts). */
const adminRolesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    ADMIN_ROLES_PATH.replace(/^\/api/, ''),
    {
      schema: {
        ...channelSchema,
        body: adminRoleRequest,
        response: { 200: envelope(adminRoleReply), 400: failure, 401: failure, 404: failure },
      },
    },
    async (request) => {
      try {
        const { changed, message, roles } = await changeRole(fastify.db, CLI_ACTOR, request.body);
        return { message, data: { changed, roles } };
      } catch (error) {
        if (error instanceof NoSuchUserError) throw notFound(error.message);
        throw error;
      }
    },
  );
};
export default adminRolesRoutes;
