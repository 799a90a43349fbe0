import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import { COMPRESSION } from '../../lib/compression-settings.js';

/**
 * Compresses API responses of 1 kB or more for clients that accept it (a result with its questions and
 * explanations is the largest). Brotli at quality 4, not the library's default 11: on a 30 kB result
 * 11 took ~70 ms of CPU here and 4 well under 1 ms, for nearly the same size. Built assets are
 * pre-compressed at build time (web-app.ts) and keep their own encoding. A start's response is
 * compressed inline with the same settings (lib/inline-compression.ts, lib/compression-settings.ts).
 */
export default fp(
  async (fastify) => {
    await fastify.register(compress, {
      threshold: COMPRESSION.threshold,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality } },
      zlibOptions: { level: COMPRESSION.gzipLevel },
    });
  },
  { name: 'compression' },
);
