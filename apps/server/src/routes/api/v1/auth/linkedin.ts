import {
  aiMessages,
  aiPaths,
  apiMessages,
  apiPaths,
  envelope,
  linkedinAuthorizeData,
  linkedinAuthorizeQuery,
  linkedinConnectionData,
  linkedinTokenBody,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';
import { errors, perUser } from '../shared.js';

/** Connecting LinkedIn (OAuth 2.0 + OpenID Connect): the authorisation URL and the code exchange. */
const authLinkedinRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { linkedin } = fastify;

  fastify.get(
    aiPaths.linkedinAuthorize,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['linkedin'],
        summary: 'Where to send the learner to authorise this app on LinkedIn',
        description: '503 naming the missing settings when LinkedIn is not configured.',
        querystring: linkedinAuthorizeQuery,
        response: { 200: envelope(linkedinAuthorizeData), ...errors(400, 401, 403, 503) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: { url: linkedin.authorizeUrl(request.query.redirectUri, request.query.state) },
    }),
  );

  fastify.post(
    apiPaths.linkedinToken,
    {
      preHandler: fastify.requireLearner,
      config: perUser('linkedin-token', 10),
      schema: {
        tags: ['linkedin'],
        summary: 'Exchange a LinkedIn authorisation code; the token is stored encrypted',
        description:
          '400 when LinkedIn refuses the code, 502 when it cannot be reached, 503 naming the missing ' +
          'settings when LinkedIn is not configured.',
        body: linkedinTokenBody,
        response: { 200: envelope(linkedinConnectionData), ...errors(400, 401, 403, 429, 502, 503) },
      },
    },
    async (request) => ({
      message: aiMessages.linkedinConnected,
      data: await linkedin.connect(userIdOf(request), request.body.code, request.body.redirectUri),
    }),
  );
};
export default authLinkedinRoutes;
