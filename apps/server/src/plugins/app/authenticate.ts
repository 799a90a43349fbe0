import { accountMessages } from '@ai-tutor/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createAccessTokens, type AccessClaims, type AccessTokens } from '../../lib/access-token.js';
import { forbidden, unauthorized } from '../../lib/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
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

    const authenticate = async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw unauthorized();
      try {
        request.auth = await tokens.verify(match[1]);
      } catch {
        throw unauthorized(accountMessages.sessionInvalid);
      }
    };
    fastify.decorate('authenticate', authenticate);
    fastify.decorate('requireLearner', async (request: FastifyRequest) => {
      await authenticate(request);
      if (!request.auth?.verified) throw forbidden(accountMessages.verifyFirst);
      if (!request.auth.inviteUsed) throw forbidden(accountMessages.inviteFirst);
    });
  },
  { name: 'authenticate', dependencies: ['config'] },
);
