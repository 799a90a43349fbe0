import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAccountsService } from '../../services/accounts/accounts-service.js';
import authRoutes from './auth.js';
import inviteRoutes from './invites.js';
import userRoutes from './users.js';

/**
 * Accounts (DESIGN.md §4 "Auth"). The attempt limiter (failed sign-ins, OTP mail cooldown) is the
 * app's: shared through Redis when REDIS_URL is set, else this instance's memory.
 */
const accountsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const accounts = createAccountsService({
    db: fastify.db,
    config: fastify.config,
    mailer: fastify.mailer,
    accessTokens: fastify.accessTokens,
    limiter: fastify.attemptLimiter,
  });
  await fastify.register(authRoutes, { accounts });
  await fastify.register(userRoutes, { accounts });
  await fastify.register(inviteRoutes, { accounts });
};
export default accountsRoutes;
