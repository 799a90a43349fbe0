import type { AddressInfo } from 'node:net';
import { adminMessages, apiMessages, envelope } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, unauthorized } from '../../../lib/errors.js';
import {
  ADMIN_INVITES_PATH,
  adminInvite,
  adminInviteRequest,
  fromThisMachine,
  localUrl,
  newAdminToken,
  removeAdminAccess,
  tokenMatches,
  writeAdminAccess,
  type AdminInvite,
} from '../../../lib/admin-access.js';
import { InviteCodeTakenError, type InviteCode } from '../../../services/accounts/invites.js';

const path = ADMIN_INVITES_PATH.replace(/^\/api/, '');
const failure = z.object({ message: z.string(), data: z.null() });

const toAdminInvite = (row: InviteCode): AdminInvite => ({
  code: row.code,
  uses: row.uses,
  maxUses: row.maxUses,
  expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
});

/**
 * The CLI's way in while this process holds the embedded store (lib/admin-access.ts): loopback only,
 * a random token per start compared in constant time, absent from the OpenAPI docs. With PostgreSQL
 * (or an in-memory store) the CLI opens the database itself, so the routes do not exist.
 */
const adminRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { database } = fastify.config;
  if (database.kind !== 'pglite' || database.inMemory) return;
  const token = newAdminToken();

  fastify.addHook('onListen', async () => {
    const address = fastify.server.address() as AddressInfo;
    writeAdminAccess(database.dataDir, {
      url: localUrl(address.address, address.port),
      token,
      pid: process.pid,
    });
  });
  fastify.addHook('onClose', async () => removeAdminAccess(database.dataDir, token));

  fastify.addHook('onRequest', async (request, reply) => {
    // Proxied requests (a reverse proxy on this machine connects from loopback) are outsiders too.
    const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded;
    if (proxied || !fromThisMachine(request.raw.socket)) {
      return reply.status(404).send({ message: apiMessages.routeNotFound, data: null });
    }
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!tokenMatches(given, token)) throw unauthorized();
  });

  const schema = { hide: true, tags: ['admin'], security: [{ bearer: [] }] };

  fastify.post(
    path,
    {
      schema: {
        ...schema,
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
        const row = await fastify.accounts.createInvite({
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
    { schema: { ...schema, response: { 200: envelope(z.array(adminInvite)), 401: failure, 404: failure } } },
    async () => ({
      message: apiMessages.ok,
      data: (await fastify.accounts.listInvites()).map(toAdminInvite),
    }),
  );
};
export default adminRoutes;
