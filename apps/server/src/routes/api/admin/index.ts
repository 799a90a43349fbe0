import type { AddressInfo } from 'node:net';
import { apiMessages } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../../lib/errors.js';
import {
  fromThisMachine,
  localUrl,
  newAdminToken,
  removeAdminAccess,
  tokenMatches,
  writeAdminAccess,
} from '../../../lib/admin-access.js';
import adminBackupRoute from './backup.js';
import adminInvitesRoutes from './invites.js';
import adminRolesRoutes from './roles.js';

/**
 * The CLI's way in while this process holds the embedded store (lib/admin-access.ts): loopback only,
 * a random token per start compared in constant time, absent from the OpenAPI docs. With PostgreSQL
 * (or an in-memory store) the CLI opens the database itself, so the routes do not exist. Its writes are
 * audited as the command line's (services/console/audit-repository.ts).
 */
const adminChannel: FastifyPluginAsyncZod = async (fastify) => {
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

  await fastify.register(adminInvitesRoutes);
  await fastify.register(adminRolesRoutes);
  await fastify.register(adminBackupRoute);
};
export default adminChannel;
