import Fastify, { type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import app, { type AppOptions } from './app.js';

/** Never log request bodies, tokens or passwords: only method, path and status reach the log. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      remove: true,
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: req.url.replace(/(\/invitecode\/verify\/)[^/?]+/, '$1…'),
        id: req.id,
      }),
    },
  };
}

export async function buildApp(options: AppOptions) {
  const fastify = Fastify({
    logger: loggerOptions(options.config.logLevel),
    trustProxy: options.config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  await fastify.register(fp(app), options);
  await fastify.ready();
  return fastify;
}
