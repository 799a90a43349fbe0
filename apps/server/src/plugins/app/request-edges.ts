import { API_BASE, isSafeText, requestMessages } from '@ai-tutor/contract';
import fp from 'fastify-plugin';

/** True when the URL decodes, and to text the database may hold (no NUL, no lone surrogate). */
function safeUrl(url: string): boolean {
  try {
    return isSafeText(decodeURIComponent(url));
  } catch {
    return false; // A bad percent-encoding (%FF, a half escape, an encoded lone surrogate).
  }
}

/**
 * What every API request is checked for before routing, whatever its route's schema says: a path or
 * query that decodes to forbidden characters is a 400 (the route schemas check the fields they read;
 * this catches what no schema reads), and once the server is closing, a 503 in the envelope.
 */
export default fp(
  async (fastify) => {
    let closing = false;
    fastify.addHook('preClose', async () => {
      closing = true;
    });
    // A callback hook: it runs on every request, the save-answer one included (decision 0005).
    fastify.addHook('onRequest', (request, reply, done) => {
      if (closing) {
        reply
          .header('connection', 'close')
          .status(503)
          .send({ message: requestMessages.shuttingDown, data: null });
        return;
      }
      const url = request.url;
      // Only an escaped character can hide a NUL: a plain URL skips the decoding.
      if (url.startsWith(API_BASE) && url.includes('%') && !safeUrl(url)) {
        reply.status(400).send({ message: requestMessages.malformedUrl, data: null });
        return;
      }
      done();
    });
  },
  { name: 'request-edges' },
);
