import { createHash } from 'node:crypto';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ParsedMedia } from './types.js';

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

// Drawing elements only: no script, no foreignObject, no image or anything else that loads or runs.
const SVG_ELEMENTS = new Set(
  [
    'svg',
    'g',
    'defs',
    'symbol',
    'use',
    'title',
    'desc',
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'text',
    'tspan',
    'textPath',
    'marker',
    'linearGradient',
    'radialGradient',
    'stop',
    'clipPath',
    'mask',
    'pattern',
  ].map((n) => n.toLowerCase()),
);
const LOCAL_REFERENCE = /^\s*#/;
const EXTERNAL_URL = /url\(\s*['"]?\s*(?!#)/i;

type Node = Record<string, unknown>;

/** Keeps drawing elements and harmless attributes; drops handlers, external references and styles. */
function cleanNodes(nodes: Node[]): Node[] {
  const out: Node[] = [];
  for (const node of nodes) {
    const name = Object.keys(node).find((k) => k !== ':@');
    if (!name) continue;
    if (name === '#text') {
      out.push(node);
      continue;
    }
    if (!SVG_ELEMENTS.has(name.toLowerCase())) continue;
    const attributes = (node[':@'] ?? {}) as Record<string, string>;
    const kept: Record<string, string> = {};
    for (const [key, value] of Object.entries(attributes)) {
      const attr = key.replace(/^@_/, '').toLowerCase();
      if (attr.startsWith('on')) continue;
      if ((attr === 'href' || attr.endsWith(':href')) && !LOCAL_REFERENCE.test(String(value))) continue;
      if (EXTERNAL_URL.test(String(value)) || /@import|expression\s*\(|javascript:/i.test(String(value)))
        continue;
      kept[key] = value;
    }
    out.push({ [name]: cleanNodes((node[name] ?? []) as Node[]), ':@': kept });
  }
  return out;
}

const xmlOptions = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Entities are not expanded (no billion laughs) and a DOCTYPE is dropped with everything it declares.
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
} as const;

/** An SVG with only drawing in it; throws with a reason when the text is not a well-formed SVG. */
export function sanitizeSvg(text: string): string {
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new Error(`the SVG is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const nodes = new XMLParser(xmlOptions).parse(text) as Node[];
  const cleaned = cleanNodes(nodes);
  if (!cleaned.some((n) => 'svg' in n)) throw new Error('the file has no <svg> element');
  return new XMLBuilder({ ...xmlOptions, suppressEmptyNode: true }).build(cleaned) as string;
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
