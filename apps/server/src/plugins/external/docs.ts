import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Where the OpenAPI UI (a page, with the pages' headers) and its JSON are served. */
export const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI built from the routes' zod schemas: JSON at /api/docs/json, the UI at /api/docs. Only when
 * config.apiDocs (API_DOCS; off in production unless the operator turns it on), else /api/docs is a 404.
 */
export default fp(
  async (fastify) => {
    if (!fastify.config.apiDocs) return;
    await fastify.register(swagger, {
      openapi: {
        info: { title: 'AI TUTOR API', version: '1.0.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    await fastify.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  },
  { name: 'docs', dependencies: ['config'] },
);
