import {
  apiMessages,
  aiMessages,
  aiPaths,
  apiPaths,
  envelope,
  linkedinConnectionData,
  linkedinPostBody,
  postData,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../plugins/app/authenticate.js';
import { errors, perUser } from './shared.js';

/**
 * LinkedIn under /v1/linkedin: is it connected, publish through the Posts API. Connecting is under
 * /v1/auth/linkedin (auth/linkedin.ts), unlinking under /v1/users (users.ts).
 */
const linkedinRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { linkedin } = fastify;

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
};
export default linkedinRoutes;
