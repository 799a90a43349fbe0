import { apiMessages, apiPaths, envelope, publicConfig } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What the web app may switch on: Google sign-in, AI, LinkedIn. Public; holds no secret. */
const configRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { google, ai, linkedin } = fastify.config;
  fastify.get(
    apiPaths.config,
    {
      schema: {
        tags: ['config'],
        summary: 'Public feature switches',
        response: { 200: envelope(publicConfig) },
      },
    },
    async () => ({
      message: apiMessages.ok,
      data: {
        googleClientId: google.clientId,
        aiEnabled: ai.baseUrl !== null,
        linkedinEnabled: linkedin.clientId !== null,
      },
    }),
  );
};
export default configRoutes;
