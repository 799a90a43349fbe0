import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { sharedRateLimitStore } from '../../services/limits/rate-limit-store.js';

const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/**
 * Security headers and a strict Content-Security-Policy: scripts only from this origin (no inline
 * script), Google Identity Services only when Google sign-in is configured. MUI/emotion inject style
 * elements at run time, hence 'unsafe-inline' for styles only.
 */
export default fp(
  async (fastify) => {
    const google = fastify.config.google.clientId ? [GOOGLE_GSI] : [];
    await fastify.register(helmet, {
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
