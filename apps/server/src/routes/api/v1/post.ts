import {
  aiIdParams,
  aiMessages,
  apiPaths,
  envelope,
  generatePostBody,
  postData,
  postsData,
  updatePostBody,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../plugins/app/authenticate.js';
import { errors } from './shared.js';

/** AI-written (or template) achievement posts about the learner's own completed attempts. */
const postRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { posts } = fastify;
  const writeLimit = {
    rateLimit: {
      hook: 'preHandler' as const,
      max: 30,
      timeWindow: 60_000,
      keyGenerator: (request: { auth: { userId: string } | null; ip: string }) =>
        `posts:${request.auth?.userId ?? request.ip}`,
    },
  };

  fastify.get(
    apiPaths.posts,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['posts'],
        summary: 'The learner’s posts, newest first',
        response: { 200: envelope(postsData), ...errors(401, 403) },
      },
    },
    async (request) => ({
      message: aiMessages.postsListed,
      data: { posts: await posts.list(userIdOf(request)) },
    }),
  );

  fastify.post(
    apiPaths.postGenerate,
    {
      preHandler: fastify.requireLearner,
      config: writeLimit,
      schema: {
        tags: ['posts'],
        summary: 'Draft a LinkedIn post about one of my completed attempts',
        description:
          'AI-written when a provider is configured, else a template (aiGenerated false). While a draft for ' +
          'the attempt exists it is returned as it is. 404 for another learner’s or an unknown attempt; 409 ' +
          'while it runs. The content ends with the link to the public achievement page.',
        body: generatePostBody,
        response: {
          200: envelope(postData),
          201: envelope(postData),
          ...errors(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { post, created } = await posts.generate(userIdOf(request), request.body.assessmentSlug);
      return reply
        .status(created ? 201 : 200)
        .send({ message: created ? aiMessages.postGenerated : aiMessages.postExisting, data: { post } });
    },
  );

  fastify.patch(
    apiPaths.postRegenerate,
    {
      preHandler: fastify.requireLearner,
      config: writeLimit,
      schema: {
        tags: ['posts'],
        summary: 'Rewrite a draft post',
        description: '404 for another learner’s or an unknown post; 409 once it is published.',
        params: aiIdParams,
        response: { 200: envelope(postData), ...errors(401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({
      message: aiMessages.postRegenerated,
      data: { post: await posts.regenerate(userIdOf(request), request.params.id) },
    }),
  );

  fastify.post(
    apiPaths.postShare,
    {
      preHandler: fastify.requireLearner,
      config: writeLimit,
      schema: {
        tags: ['posts'],
        summary: 'Share a post by hand: its public achievement page goes live',
        description:
          'For a learner who copies the post instead of publishing it to LinkedIn. Draft or published; ' +
          'sharing again keeps the first sharedAt. 404 for another learner’s or an unknown post.',
        params: aiIdParams,
        response: { 200: envelope(postData), ...errors(401, 403, 404, 429) },
      },
    },
    async (request) => ({
      message: aiMessages.postShared,
      data: { post: await posts.share(userIdOf(request), request.params.id) },
    }),
  );

  fastify.patch(
    apiPaths.post,
    {
      preHandler: fastify.requireLearner,
      config: writeLimit,
      schema: {
        tags: ['posts'],
        summary: 'Edit a draft post',
        description:
          'The achievement link is added back when the edit removed it. 404 for another learner’s or an ' +
          'unknown post; 409 once it is published.',
        params: aiIdParams,
        body: updatePostBody,
        response: { 200: envelope(postData), ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({
      message: aiMessages.postUpdated,
      data: { post: await posts.update(userIdOf(request), request.params.id, request.body.content) },
    }),
  );
};
export default postRoutes;
