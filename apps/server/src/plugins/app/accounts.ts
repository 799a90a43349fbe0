import fp from 'fastify-plugin';
import { createAccountsService, type AccountsService } from '../../services/accounts/accounts-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every account flow of docs/api.md#accounts (services/accounts/accounts-service.ts). */
    accounts: AccountsService;
  }
}

/**
 * The accounts service of this app instance. Its attempt limiter (failed sign-ins, OTP mail cooldown)
 * is the app's: shared through Redis when REDIS_URL is set, else this instance's memory.
 */
export default fp(
  async (fastify) => {
    fastify.decorate(
      'accounts',
      createAccountsService({
        db: fastify.db,
        config: fastify.config,
        mailer: fastify.mailer,
        accessTokens: fastify.accessTokens,
        limiter: fastify.attemptLimiter,
      }),
    );
  },
  { name: 'accounts', dependencies: ['config', 'database', 'mailer', 'authenticate', 'redis'] },
);
