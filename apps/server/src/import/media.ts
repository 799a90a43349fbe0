import { createHash } from 'node:crypto';
import { sanitizeSvg } from './svg-sanitiser.js';
import type { ParsedMedia } from './types.js';

export { sanitizeSvg };

/**
 * Figures (docs/product.md#figures-and-passages): png, jpeg, webp, gif and sanitised svg, at most 2 MB each, addressed by the
 * SHA-256 of their bytes. The type is read from the bytes, not taken from the file's word for it.
 */
export const MAX_MEDIA_BYTES = 2 * 1024 * 1024;
export const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'] as const;

function sniff(bytes: Buffer): (typeof MEDIA_TYPES)[number] | null {
  const hex = bytes.subarray(0, 12).toString('hex');
  if (hex.startsWith('89504e470d0a1a0a')) return 'image/png';
  if (hex.startsWith('ffd8ff')) return 'image/jpeg';
  if (hex.startsWith('47494638')) return 'image/gif';
  if (hex.startsWith('52494646') && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head))
    return 'image/svg+xml';
  return null;
}

/** A figure ready to store, or the reason it cannot be. */
export function prepareMedia(bytes: Buffer): { media: ParsedMedia } | { problem: string } {
  if (bytes.length > MAX_MEDIA_BYTES)
    return { problem: `the figure is larger than 2 MB (${bytes.length} bytes)` };
  const type = sniff(bytes);
  if (!type) return { problem: 'the figure is not a png, jpeg, webp, gif or svg image' };
  let stored = bytes;
  if (type === 'image/svg+xml') {
    try {
      stored = Buffer.from(sanitizeSvg(bytes.toString('utf8')), 'utf8');
    } catch (error) {
      return { problem: (error as Error).message };
    }
  }
  const sha256 = createHash('sha256').update(stored).digest('hex');
  return { media: { sha256, contentType: type, bytes: stored } };
}

/** `![alt](media:<sha256>)`: how texts refer to a stored figure (the web app shows it with its alt). */
export const figureMarkup = (alt: string, sha256: string) =>
  `![${alt.replace(/[\]\n]/g, ' ')}](media:${sha256})`;
