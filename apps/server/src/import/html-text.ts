import { decodeHTML, DecodingMode } from 'entities';

/**
 * Moodle stores question text as HTML; the bank stores plain text (with LaTeX as written). Tags go,
 * paragraphs and line breaks become new lines, entities are decoded.
 */

/**
 * Every named (HTML5's full list: &pi;, &Delta;, &rsquo;, &eacute;…) and numeric entity. Strict: only
 * with its semicolon, as Moodle writes them, so "R&D" or "&not yet" in plain text stay as written.
 * A no-break space becomes a plain one: the bank compares and searches text, and an editor's
 * &nbsp; would make two copies of the same question differ.
 */
export function decodeEntities(text: string): string {
  return decodeHTML(text, DecodingMode.Strict).replace(/\u00a0/g, ' ');
}

export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|table|ul|ol|pre|blockquote)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<sup>([^<]*)<\/sup>/gi, '^$1')
    .replace(/<sub>([^<]*)<\/sub>/gi, '_$1')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
