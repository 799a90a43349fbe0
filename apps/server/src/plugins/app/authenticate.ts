import { accountMessages } from '@ai-tutor/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createAccessTokens, type AccessClaims, type AccessTokens } from '../../lib/access-token.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { createLockouts, LOCKOUT_POLL_SECONDS, type Lockouts } from '../../services/accounts/lockouts.js';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** Sessions ended by disabling the learner: refused on every route at once (services/accounts/lockouts.ts). */
    lockouts: Lockouts;
    /**
     * preHandler: a valid access token (401 otherwise). The routes behind it read the user, and the
     * accounts service refuses there (401) a token of an ended session generation.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler: signed in, verified and invite code used — the main area of docs/product.md#access-groups (403 otherwise).
     * From the claims alone, no user read (save-answer is the hot path, docs/decisions/0005), so an
     * ended session generation is not checked here. A pre-registrant's token from before a Google link
     * says "not verified" and gets the 403; a verified user's token from before a password reset stays
     * usable here until it expires (access token TTL).
     */
    requireLearner: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

export function userIdOf(request: FastifyRequest): string {
  return authOf(request).userId;
}

/** The verified claims of the request's access token (401 when the route has no authentication). */
export function authOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export default fp(
  async (fastify) => {
    const tokens = createAccessTokens(fastify.config.jwtSecret, fastify.config.accessTokenTtlSeconds);
    fastify.decorate('accessTokens', tokens);
    fastify.decorateRequest('auth', null);
    const lockouts = createLockouts(fastify.config.accessTokenTtlSeconds);
    fastify.decorate('lockouts', lockouts);

    // Other instances' disables, within a poll; unref'd, never overlapping, stopped before the database.
    let polling: Promise<void> | null = null;
    const poll = () => {
      polling ??= lockouts
        .refresh(fastify.db)
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'lockout poll failed; retrying'))
        .finally(() => {
          polling = null;
        });
    };
    const timer = setInterval(poll, LOCKOUT_POLL_SECONDS * 1000);
    timer.unref();
    fastify.addHook('onReady', async () => lockouts.refresh(fastify.db));
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await polling;
    });

    const authenticate = async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw unauthorized();
      let claims: AccessClaims;
      try {
        claims = await tokens.verify(match[1]);
      } catch {
        throw unauthorized(accountMessages.sessionInvalid);
      }
      if (lockouts.refuses(claims.userId, claims.sessionGeneration))
        throw unauthorized(accountMessages.sessionInvalid);
      request.auth = claims;
    };
    fastify.decorate('authenticate', authenticate);
    fastify.decorate('requireLearner', async (request: FastifyRequest) => {
      await authenticate(request);
      if (!request.auth?.verified) throw forbidden(accountMessages.verifyFirst);
      if (!request.auth.inviteUsed) throw forbidden(accountMessages.inviteFirst);
    });
  },
  { name: 'authenticate', dependencies: ['config', 'database'] },
);
