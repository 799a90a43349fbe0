import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { sharedRateLimitStore } from '../../services/limits/rate-limit-store.js';

const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/**
 * Helmet's headers for a configuration, worked out once. @fastify/helmet builds the helmet middleware
 * again on every request (~25–30 µs, the largest per-request cost left on the save-answer route);
 * with no per-request directive (no nonces, no functions) every response gets the same headers.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
    getHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers and a strict Content-Security-Policy: scripts only from this origin (no inline
 * script), Google Identity Services only when Google sign-in is configured. MUI/emotion inject style
 * elements at run time, hence 'unsafe-inline' for styles only.
 */
export default fp(
  async (fastify) => {
    const google = fastify.config.google.clientId ? [GOOGLE_GSI] : [];
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(google.length ? ['https://accounts.google.com/gsi/client'] : [])],
          styleSrc: ["'self'", "'unsafe-inline'", ...google],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...google],
          frameSrc: [...(google.length ? google : ["'none'"])],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginOpenerPolicy: google.length
        ? { policy: 'same-origin-allow-popups' }
        : { policy: 'same-origin' },
      // localhost over plain HTTP must keep working for `npm start`.
      strictTransportSecurity: fastify.config.env === 'production',
    });
    fastify.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    // Limits are opted into per route (sign-in, codes, AI); shared through Redis when configured,
    // per instance while Redis is unreachable (the store falls back; skipOnError as a last resort).
    await fastify.register(rateLimit, {
      global: false,
      ...(fastify.redis
        ? { store: sharedRateLimitStore(fastify.redis, fastify.config.redisKeyPrefix), skipOnError: true }
        : {}),
    });
  },
  { name: 'security', dependencies: ['config', 'redis'] },
);
