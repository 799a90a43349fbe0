import { htmlToText, looksLikeHtml } from './html-text.js';
import { rawElementText } from './xml-checks.js';

/** Reading fast-xml-parser's tree of a Moodle XML file: elements, attributes and texts. */

export type Node = Record<string, unknown>;

export function text(node: unknown): string {
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (node && typeof node === 'object' && '#text' in node) return text((node as Node)['#text']);
  return '';
}

export function child(node: unknown, name: string): unknown {
  return node && typeof node === 'object' ? (node as Node)[name] : undefined;
}

export function children(node: unknown, name: string): unknown[] {
  const value = child(node, name);
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** `<questiontext format="html"><text>…</text></questiontext>` → its HTML source. */
export function rawText(node: unknown): string {
  return rawElementText(text(child(node, 'text')));
}

/**
 * A text as Moodle shows it in its format: `html` (the default for question texts) and
 * `moodle_auto_format` are HTML (the latter only when it has tags or entities, its line breaks kept);
 * `plain_text` and `markdown` are kept as written.
 */
export function textIn(raw: string, format: string): string {
  if (format === 'html') return htmlToText(raw);
  if (format === 'moodle_auto_format' && looksLikeHtml(raw)) return htmlToText(raw.replace(/\r?\n/g, '<br>'));
  return raw.trim();
}
