import {
  apiMessages,
  aiIdParams,
  aiMessages,
  aiPaths,
  apiPaths,
  envelope,
  linkedinAuthorizeData,
  linkedinAuthorizeQuery,
  linkedinConnectionData,
  linkedinPostBody,
  linkedinTokenBody,
  messageOnly,
  postData,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/app/authenticate.js';
import { errors } from './shared.js';

/** LinkedIn: connect (OAuth 2.0 + OpenID Connect), publish through the Posts API, unlink. */
const linkedinRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { linkedin } = fastify;
  const perUser = (name: string, max: number) => ({
    rateLimit: {
      hook: 'preHandler' as const,
      max,
      timeWindow: 60_000,
      keyGenerator: (request: { auth: { userId: string } | null; ip: string }) =>
        `${name}:${request.auth?.userId ?? request.ip}`,
    },
  });

  fastify.get(
    aiPaths.linkedinConnection,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['linkedin'],
        summary: 'Is LinkedIn configured here, and is my account connected?',
        response: { 200: envelope(linkedinConnectionData), ...errors(401, 403) },
      },
    },
    async (request) => ({ message: apiMessages.ok, data: await linkedin.connection(userIdOf(request)) }),
  );

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

  fastify.post(
    apiPaths.linkedinPost,
    {
      preHandler: fastify.requireLearner,
      config: perUser('linkedin-post', 10),
      schema: {
        tags: ['linkedin'],
        summary: 'Publish one of my draft posts to LinkedIn',
        description:
          '404 for another learner’s or an unknown post; 409 when LinkedIn is not connected (or the ' +
          'connection expired) and when the post is published already; 502 when LinkedIn refuses it; 503 ' +
          'naming the missing settings when LinkedIn is not configured.',
        body: linkedinPostBody,
        response: { 200: envelope(postData), ...errors(400, 401, 403, 404, 409, 429, 502, 503) },
      },
    },
    async (request) => ({
      message: aiMessages.linkedinPublished,
      data: { post: await linkedin.publish(userIdOf(request), request.body.postId) },
    }),
  );

  fastify.put(
    apiPaths.unlinkLinkedin,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['linkedin'],
        summary: 'Forget my LinkedIn token',
        description:
          'Only for the signed-in learner’s own id (403 otherwise). Idempotent; works whether or not ' +
          'LinkedIn is configured, so a stored token can always be removed.',
        params: aiIdParams,
        response: { 200: messageOnly, ...errors(401, 403) },
      },
    },
    async (request) => {
      await linkedin.unlink(userIdOf(request), request.params.id);
      return { message: aiMessages.linkedinUnlinked, data: null };
    },
  );
};
export default linkedinRoutes;
