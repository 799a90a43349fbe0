import { decodeHTML, DecodingMode } from 'entities';

/**
 * Moodle stores question text as HTML; the bank stores plain text (with LaTeX as written). Text is
 * read as a browser shows it: runs of spaces and line breaks are one space, paragraphs and `<br>` are
 * new lines, list items are lines starting `- ` (or `1. ` in a numbered list), tags go and entities
 * are decoded. Images and media cannot be kept in text: `mediaIn` names them for a warning.
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

const BLOCK = 'p|div|h[1-6]|table|tr|pre|blockquote|section|article|center|dl|dt|dd|hr|figure|figcaption';
const KNOWN_TAG = new RegExp(
  `<\\/?(?:${BLOCK}|br|b|i|u|s|em|strong|span|font|a|img|sup|sub|ul|ol|li|td|th|tbody|thead|code|small|big|audio|video|source|object|embed|iframe)\\b[^<>]*>`,
  'i',
);
const ENTITY = /&(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);/;

/** Text that Moodle would show as HTML (its "Moodle auto-format"): it has real tags or entities. */
export function looksLikeHtml(text: string): boolean {
  return KNOWN_TAG.test(text) || ENTITY.test(text);
}

const INDENT = '\uE020';

/** `<li>` items as lines: `- item`, or `1. item` inside `<ol>`, indented by nesting. */
function listsAsLines(html: string): string {
  const stack: { ordered: boolean; n: number }[] = [];
  return html.replace(/<(\/?)(ol|ul|li)\b[^>]*>/gi, (_tag, closing: string, name: string) => {
    const lower = name.toLowerCase();
    if (lower === 'li') {
      if (closing) return '';
      const list = stack.at(-1);
      // Marked, not spaced: spaces at line starts go, the nesting of lists stays.
      const indent = INDENT.repeat(Math.max(stack.length - 1, 0));
      if (list?.ordered) return `\n${indent}${++list.n}. `;
      return `\n${indent}- `;
    }
    if (closing) stack.pop();
    else stack.push({ ordered: lower === 'ol', n: 0 });
    // A nested list continues its item's lines; only the outer list is a block of its own.
    return stack.length > (closing ? 0 : 1) ? '' : '\n';
  });
}

// Inside <pre>, spaces and line breaks are the text (code keeps its indentation): marked, so the
// collapsing of the rest's whitespace leaves them.
const PRE_SPACE = '\uE022';
const PRE_BREAK = '\uE021';

export function htmlToText(html: string): string {
  const flat = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/(<pre\b[^>]*>)([\s\S]*?)(<\/pre>)/gi, (_all, open: string, body: string, close: string) => {
      const kept = body
        .replace(/^\r?\n/, '')
        .replace(/\r?\n/g, PRE_BREAK)
        .replace(/[ \t]/g, PRE_SPACE);
      return `${open}${kept}${close}`;
    })
    .replace(/[ \t\r\n\f]+/g, ' ');
  const text = listsAsLines(flat)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(new RegExp(`<\\/?(?:${BLOCK})\\b[^<>]*>`, 'gi'), '\n')
    .replace(/<\/t[dh]>/gi, ' ')
    .replace(/<sup>([^<]*)<\/sup>/gi, '^$1')
    .replace(/<sub>([^<]*)<\/sub>/gi, '_$1')
    .replace(/<\/?[a-zA-Z][^<>]*>|<![^<>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/ {2,}/g, ' ')
        .replace(/^((?:\uE020)*(?:- |\d+\. )) +/, '$1')
        .replace(/\uE020/g, '  '),
    )
    .join('\n')
    .replace(new RegExp(PRE_SPACE, 'g'), ' ')
    .replace(new RegExp(PRE_BREAK, 'g'), '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const MEDIA_LINK =
  /\.(mp3|wav|ogg|oga|m4a|aac|mp4|m4v|webm|ogv|mov|avi|png|jpe?g|gif|svg|webp|bmp|pdf)(?:[?#].*)?$/i;

function shortName(url: string): string {
  const path = url.replace(/^@@PLUGINFILE@@\//, '').replace(/[?#].*$/, '');
  const name = path.split('/').pop() || path;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** The images, sounds and videos an HTML text shows or links to, each as "an image logo.jpg". */
export function mediaIn(html: string): string[] {
  const found: string[] = [];
  const attr = (tag: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  for (const [tag, name = ''] of html.matchAll(/<(img|audio|video|source|embed|object|a)\b[^>]*>/gi)) {
    const kind = name.toLowerCase();
    const m = attr(tag, kind === 'a' ? 'href' : kind === 'object' ? 'data' : 'src');
    const url = decodeEntities(m?.[1] ?? m?.[2] ?? m?.[3] ?? '');
    if (!url || (kind === 'a' && !MEDIA_LINK.test(url))) continue;
    const what =
      kind === 'img' || /\.(png|jpe?g|gif|svg|webp|bmp)$/i.test(url)
        ? 'an image'
        : /\.(mp3|wav|ogg|oga|m4a|aac)$/i.test(url) || kind === 'audio'
          ? 'a sound'
          : kind === 'a' && /\.pdf$/i.test(url)
            ? 'a document'
            : 'a video';
    found.push(`${what} ${shortName(url)}`);
  }
  return [...new Set(found)];
}
