import {
  aiIdParams,
  aiMessages,
  messageOnly,
  apiMessages,
  accountMessages as msg,
  apiPaths,
  envelope,
  updateUserBody,
  user,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, userIdOf } from '../../../plugins/app/authenticate.js';
import { errors } from './shared.js';

const userRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { accounts } = fastify;
  const tags = ['users'];

  fastify.get(
    apiPaths.currentUser,
    {
      preHandler: fastify.authenticate,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: envelope(user), ...errors(401, 404) },
      },
    },
    async (request) => ({ message: apiMessages.ok, data: await accounts.currentUser(authOf(request)) }),
  );

  fastify.put(
    apiPaths.users,
    {
      preHandler: fastify.authenticate,
      schema: {
        tags,
        summary: 'Update the profile (name, phone)',
        security: [{ bearer: [] }],
        body: updateUserBody,
        response: { 200: envelope(user), ...errors(400, 401, 404) },
      },
    },
    async (request) => ({
      message: msg.profileUpdated,
      data: await accounts.updateUser(authOf(request), request.body),
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
      await fastify.linkedin.unlink(userIdOf(request), request.params.id);
      return { message: aiMessages.linkedinUnlinked, data: null };
    },
  );
};
export default userRoutes;
