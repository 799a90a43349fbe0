import { htmlToText } from './html-text.js';

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

/** `[html]`, `[moodle]`, `[plain]`, `[markdown]` before a text; html becomes plain text. */
export function textWithFormat(raw: string): string {
  let text = raw.trim();
  let html = false;
  const format = /^\[(html|moodle|plain|markdown)\]/.exec(text);
  if (format) {
    html = format[1] === 'html';
    text = text.slice(format[0].length);
  }
  text = escapePost(text).trim();
  return html ? htmlToText(text) : text;
}
