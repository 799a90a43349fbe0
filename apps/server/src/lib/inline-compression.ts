import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION } from './compression-settings.js';

/** The first of br and gzip that `accept-encoding` allows (a `q=0` refuses one), else null. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const allowed = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) allowed.add(name.trim());
  }
  if (allowed.has('br')) return 'br';
  if (allowed.has('gzip')) return 'gzip';
  return null;
}

/**
 * An onSend hook for a hot route with a large JSON response (a start's 75 questions, ~30–40 kB):
 * compressed in one synchronous call with the compression plugin's settings (the route sets
 * `compress: false`). The plugin pipes every response through a new zlib stream, which on a start
 * cost several times the compression itself (decision 0021).
 */
export async function compressInline(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' || Buffer.byteLength(payload) < COMPRESSION.threshold) return payload;
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (!encoding) return payload;
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  if (encoding === 'gzip') return gzipSync(payload, { level: COMPRESSION.gzipLevel });
  return brotliCompressSync(payload, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload),
    },
  });
}
