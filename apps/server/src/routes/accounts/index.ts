import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import authRoutes from './auth.js';
import inviteRoutes from './invites.js';
import userRoutes from './users.js';

/** Accounts (DESIGN.md §4 "Auth"); the flows are fastify.accounts (plugins/app/accounts.ts). */
const accountsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  await fastify.register(authRoutes);
  await fastify.register(userRoutes);
  await fastify.register(inviteRoutes);
};
export default accountsRoutes;
