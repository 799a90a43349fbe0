import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createAccessTokens, type AccessClaims, type AccessTokens } from '../../lib/access-token.js';
import { forbidden, unauthorized } from '../../lib/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** preHandler: a valid access token (401 otherwise). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: signed in, verified and invite code used — the main area of SPEC.md §2 (403 otherwise). */
    requireLearner: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

export function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw unauthorized();
  return request.auth.userId;
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
        throw unauthorized('Session expired or invalid. Please sign in again.');
      }
    };
    fastify.decorate('authenticate', authenticate);
    fastify.decorate('requireLearner', async (request: FastifyRequest) => {
      await authenticate(request);
      if (!request.auth?.verified) throw forbidden('Please verify your account first.');
      if (!request.auth.inviteUsed) throw forbidden('Please enter an invite code first.');
    });
  },
  { name: 'authenticate', dependencies: ['config'] },
);
