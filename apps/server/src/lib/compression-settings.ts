/**
 * How API responses are compressed (plugins/external/compression.ts), and a start's response inline with
 * the same settings (inline-compression.ts): brotli at quality 4, not the library's default 11.
 */
export const COMPRESSION = { threshold: 1024, brotliQuality: 4, gzipLevel: 6 } as const;
