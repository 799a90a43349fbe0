import { accountMessages as msg, apiPaths, envelope, googleLoginBody, session } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classSizedLimit, errors } from '../../v1/shared.js';

const googleRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { accounts } = fastify;
  const tags = ['auth'];

  fastify.post(
    apiPaths.googleLogin,
    {
      config: classSizedLimit,
      schema: {
        tags,
        summary: 'Sign in with a Google ID token',
        body: googleLoginBody,
        response: { 200: envelope(session), ...errors(400, 401, 429, 503) },
      },
    },
    async (request) => ({
      message: msg.loggedIn,
      data: await accounts.googleLogin(request.body.authorization),
    }),
  );
};
export default googleRoutes;
