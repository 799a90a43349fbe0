import { htmlToText, looksLikeHtml, mediaIn } from './html-text.js';

/** GIFT text: escapes swapped for placeholders while the structure is parsed, and text formats. */

// Escaped characters are swapped for private-use placeholders while the structure is parsed.
const ESCAPES: [string, string, string][] = [
  ['\\:', '\uE001', ':'],
  ['\\#', '\uE002', '#'],
  ['\\=', '\uE003', '='],
  ['\\{', '\uE004', '{'],
  ['\\}', '\uE005', '}'],
  ['\\~', '\uE006', '~'],
  ['\\n', '\uE007', '\n'],
];
const BACKSLASH = '\uE000';

export function escapePre(text: string): string {
  let out = text.split('\\\\').join(BACKSLASH);
  for (const [escaped, placeholder] of ESCAPES) out = out.split(escaped).join(placeholder);
  return out.split(BACKSLASH).join('\\');
}

export function escapePost(text: string): string {
  let out = text;
  for (const [, placeholder, char] of ESCAPES) out = out.split(placeholder).join(char);
  return out;
}

/**
 * `[html]`, `[moodle]`, `[plain]`, `[markdown]` before a text, as Moodle shows each: `[html]` is HTML;
 * `[moodle]` (the default) is HTML too when it has tags or entities, its line breaks kept; `[plain]`
 * and `[markdown]` are kept as written.
 */
export function textWithFormat(raw: string): string {
  let text = raw.trim();
  let format = 'moodle';
  const marker = /^\[(html|moodle|plain|markdown)\]/.exec(text);
  if (marker) {
    format = marker[1]!;
    text = text.slice(marker[0].length);
  }
  text = escapePost(text).trim();
  if (format === 'html') return htmlToText(text);
  if (format === 'moodle' && looksLikeHtml(text)) return htmlToText(text.replace(/\r?\n/g, '<br>'));
  return text;
}

/** Images and sounds a question's HTML shows: they are not kept, so they are named in a warning. */
export function giftMedia(raw: string): string[] {
  const text = escapePost(raw);
  return looksLikeHtml(text) ? mediaIn(text) : [];
}
