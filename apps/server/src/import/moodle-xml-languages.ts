import { canonicalLanguage, DEFAULT_LANGUAGE } from '@ai-tutor/contract';

/**
 * Moodle's texts in several languages (docs/import-format.md#questions-in-two-languages): the
 * multi-language filter's `<span lang="hi" class="multilang">…</span>` (and the older `<lang
 * lang="hi">…</lang>`), and the mlang2 filter's `{mlang hi}…{mlang}`. Blocks next to each other
 * (only spaces between) are one text in several languages; a reader sees the block in their language,
 * else the English (or `other`) one, else none. The question is the English text; every other language found
 * becomes a translation. Text outside the blocks is shared by every language.
 */

/** A block's start: a multilang span, the older `<lang>`, or an mlang2 block (whole). */
const OPENING =
  /<span\b(?=[^>]*\bclass\s*=\s*["'][^"']*\bmultilang\b)(?=[^>]*\blang\s*=\s*["']([^"']+)["'])[^>]*>|<lang\b[^>]*\blang\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/lang>|\{mlang\s+([^}\s]+)\s*\}([\s\S]*?)\{mlang\}/gi;

/**
 * Where a multilang span that opens at `from` ends, counting the spans inside it (editors wrap
 * words in spans of their own), and its body; null when it is never closed.
 */
function spanEnd(html: string, from: number): { end: number; body: string } | null {
  const tags = /<span\b[^>]*>|<\/span\s*>/gi;
  tags.lastIndex = from;
  let depth = 0;
  let bodyStart = -1;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    if (m[0][1] !== '/') {
      if (depth++ === 0) bodyStart = m.index + m[0].length;
    } else if (--depth === 0) return { end: m.index + m[0].length, body: html.slice(bodyStart, m.index) };
  }
  return null;
}

/** The base text's languages: English in any region, and mlang2's `other`. */
const BASE = 'base';

interface Block {
  start: number;
  end: number;
  lang: string;
  body: string;
}

function blocks(html: string): Block[] {
  const found: Block[] = [];
  OPENING.lastIndex = 0;
  for (let m = OPENING.exec(html); m; m = OPENING.exec(html)) {
    const tag = (m[1] ?? m[2] ?? m[4] ?? '').trim();
    const span = m[1] === undefined ? null : spanEnd(html, m.index);
    if (m[1] !== undefined && !span) continue;
    const canonical = tag.toLowerCase() === 'other' ? BASE : canonicalLanguage(tag);
    const lang =
      canonical === null
        ? tag.toLowerCase()
        : canonical === DEFAULT_LANGUAGE || canonical.startsWith(`${DEFAULT_LANGUAGE}-`)
          ? BASE
          : canonical;
    const end = span ? span.end : m.index + m[0].length;
    found.push({ start: m.index, end, lang, body: span ? span.body : (m[3] ?? m[5] ?? '') });
    OPENING.lastIndex = end;
  }
  return found;
}

/** Runs of blocks with nothing but spaces between them: one text in several languages. */
function groups(html: string, found: Block[]): Block[][] {
  const out: Block[][] = [];
  for (const block of found) {
    const last = out.at(-1)?.at(-1);
    if (last && html.slice(last.end, block.start).trim() === '') out.at(-1)!.push(block);
    else out.push([block]);
  }
  return out;
}

/** The languages other than English a text has blocks for. */
export function languagesIn(html: string): string[] {
  return [...new Set(blocks(html).map((b) => b.lang))].filter(
    (lang) => lang !== BASE && canonicalLanguage(lang) === lang,
  );
}

/** Whether the text has a block in `lang`. */
export function hasLanguage(html: string, lang: string): boolean {
  return blocks(html).some((b) => b.lang === lang);
}

/**
 * The text as a reader of `lang` (null: the question's own language) sees it: each run of blocks
 * becomes its block in that language, else the English one, else nothing — another language's words
 * never stand in for the reader's.
 */
export function inLanguage(html: string, lang: string | null): string {
  const found = blocks(html);
  if (!found.length) return html;
  let out = '';
  let at = 0;
  for (const run of groups(html, found)) {
    const pick = run.find((b) => b.lang === (lang ?? BASE)) ?? run.find((b) => b.lang === BASE);
    out += html.slice(at, run[0]!.start) + (pick?.body ?? '');
    at = run.at(-1)!.end;
  }
  return out + html.slice(at);
}
