import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { flexibleRateLimitStore } from '../../services/limits/rate-limit-store.js';
import { DOCS_PREFIX } from './docs.js';

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

/** JSON API paths; the OpenAPI UI is a page and keeps the page headers. */
const isApiUrl = (url: string) => url.startsWith('/api/') && !url.startsWith(DOCS_PREFIX);

/**
 * What a JSON response needs (OWASP REST Security cheat sheet): no sniffing it into a document, no
 * framing, no policy for scripts it never runs, no caching of a learner's data on the way, plus HSTS
 * where the pages have it. The pages' dozen headers (~700 bytes) on every answer saved were work for
 * the server and the browser that protected nothing.
 */
export function apiHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const hsts = documentHeaders['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

/**
 * Security headers and a strict Content-Security-Policy: scripts only from this origin (no inline
 * script), Google Identity Services only when Google sign-in is configured. MUI/emotion inject style
 * elements at run time, hence 'unsafe-inline' for styles only.
 */
export default fp(
  async (fastify) => {
    const google = fastify.config.google.clientId ? [GOOGLE_GSI] : [];
    const documentHeaders = helmetHeaders({
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
    const api = apiHeaders(documentHeaders);
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiUrl(request.url) ? api : documentHeaders);
      done();
    });
    // Request ceilings are opted into per route (sign-in, codes, AI): the plugin keeps the route
    // config, the keyGenerators and the x-ratelimit headers; with Redis its counters are
    // rate-limiter-flexible's, shared and insured by memory (docs/decisions/0004), and without it the
    // plugin's own in-memory store does the same job.
    await fastify.register(rateLimit, {
      global: false,
      ...(fastify.redis ? { store: flexibleRateLimitStore(fastify.makeCounter), skipOnError: true } : {}),
    });
  },
  { name: 'security', dependencies: ['config', 'redis'] },
);
