import {
  accountMessages as msg,
  apiPaths,
  envelope,
  inviteCodeBody,
  inviteCodeParams,
  messageOnly,
  session,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../plugins/app/authenticate.js';
import { notFound } from '../../../lib/errors.js';
import { errors, perClientLimit } from './shared.js';

const inviteRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { accounts } = fastify;
  const tags = ['invite codes'];

  fastify.get(
    apiPaths.inviteCodeCheck,
    {
      config: perClientLimit,
      schema: {
        tags,
        summary: 'Is this invite code usable? 200 yes, 404 no (case-insensitive)',
        params: inviteCodeParams,
        response: { 200: messageOnly, ...errors(404, 429) },
      },
    },
    async (request) => {
      if (!(await accounts.checkInvite(request.params.code))) throw notFound(msg.inviteInvalid);
      return { message: msg.inviteValid, data: null };
    },
  );

  fastify.post(
    apiPaths.inviteCodeVerify,
    {
      preHandler: fastify.authenticate,
      config: perClientLimit,
      schema: {
        tags,
        summary: 'Use an invite code (accounts created with Google); 409 if one was used already',
        security: [{ bearer: [] }],
        body: inviteCodeBody,
        response: { 200: envelope(session), ...errors(400, 401, 404, 409, 429) },
      },
    },
    async (request) => ({
      message: msg.inviteAccepted,
      data: await accounts.useInvite(authOf(request), request.body.inviteCode),
    }),
  );
};
export default inviteRoutes;
