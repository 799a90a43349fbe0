import { apiPaths, catalogueMessages } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/errors.js';

/**
 * Figures of questions, options, passages and explanations, by the SHA-256 of their bytes: the same
 * address always answers the same bytes, so they are cached for a year. Public like the pages that
 * show them; an SVG was sanitised on import and is also served under a CSP that runs nothing.
 */
const mediaRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    apiPaths.media,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A figure by its SHA-256',
        params: z.object({ sha256: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const sha256 = request.params.sha256.toLowerCase();
      const figure = /^[0-9a-f]{64}$/.test(sha256) ? await fastify.catalogue.figure(sha256) : undefined;
      if (!figure) throw notFound(catalogueMessages.figureNotFound);
      return reply
        .header('content-type', figure.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(figure.bytes);
    },
  );
};
export default mediaRoutes;
