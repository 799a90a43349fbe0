import Fastify, { type FastifyServerOptions } from 'fastify';
import { PATH_PARAM_MAX_LENGTH } from '@ai-tutor/contract';
import fp from 'fastify-plugin';
import app, { type AppOptions } from './app.js';
import { clientErrorHandler, frameworkErrors } from './plugins/app/error-handler.js';

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
    // Above every path field's maximum, so an over-long slug or id gets its field's 400 (the contract's
    // TEXT_LIMITS); longer still is a 414. Both in the envelope, as is every framework refusal:
    routerOptions: { maxParamLength: PATH_PARAM_MAX_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    // Fastify's own 503 is not in the envelope: plugins/app/request-edges.ts answers while closing.
    return503OnClosing: false,
  });
  await fastify.register(fp(app), options);
  await fastify.ready();
  return fastify;
}
