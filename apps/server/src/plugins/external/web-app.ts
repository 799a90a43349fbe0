import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { apiMessages } from '@ai-tutor/contract';
import fp from 'fastify-plugin';
import { defaultWebDistDir } from '../../lib/paths.js';

/**
 * Serves the built web app. Any path that is not a file and not under /api gets index.html: the SPA
 * decides the route. Unknown /api paths are a JSON 404 in the envelope.
 */
export default fp(
  async (fastify) => {
    const root = fastify.config.webDistDir ?? defaultWebDistDir();
    const hasWebApp = existsSync(join(root, 'index.html'));
    if (hasWebApp) {
      await fastify.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The web build writes .br/.gz beside each asset (apps/web/vite.config.ts): no compression per request.
        preCompressed: true,
        setHeaders: (reply, path) => {
          // Hashed assets never change; index.html must always be fresh.
          reply.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      fastify.log.warn(`No built web app in ${root}: run "npm run build" to serve the screens.`);
    }

    fastify.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (
        path === '/api' ||
        path.startsWith('/api/') ||
        (request.method !== 'GET' && request.method !== 'HEAD')
      ) {
        return reply.status(404).send({ message: apiMessages.routeNotFound, data: null });
      }
      if (!hasWebApp) {
        return reply.status(404).type('text/plain').send(apiMessages.webAppNotBuilt);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
