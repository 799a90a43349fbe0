import { decodeXML } from 'entities';
import { XMLValidator } from 'fast-xml-parser';
import { lineAt, type ImportIssue } from './types.js';

/**
 * Well-formedness as XML defines it, with messages that say where and what to do. The validator
 * accepts HTML's named entities (`&pi;`), which XML does not define, and reports a file cut short as
 * "Invalid '[…]' found" at line 1; both are found here, at their real lines.
 */

/** Comments, CDATA sections and processing instructions: their insides are not markup. */
const OPAQUE = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<\?[\s\S]*?(?:\?>|$)/g;
const XML_ENTITIES = new Set(['lt', 'gt', 'amp', 'quot', 'apos']);

function undeclaredEntity(source: string): ImportIssue | null {
  const pattern = new RegExp(`${OPAQUE.source}|&([A-Za-z_][\\w.-]*);`, 'g');
  for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
    const name = m[1];
    if (name === undefined || XML_ENTITIES.has(name)) continue;
    return {
      where: { line: lineAt(source, m.index) },
      message:
        `not well-formed XML: the entity &${name}; is not defined in XML (it is HTML's); ` +
        'write the character itself or its number (&#960; for π), or put the HTML inside <![CDATA[…]]>',
    };
  }
  return null;
}

/** The element left open when the file ends, with the line it opened on. */
function unclosedElement(source: string): { name: string; line: number } | null {
  const stack: { name: string; offset: number }[] = [];
  const pattern = new RegExp(
    `${OPAQUE.source}|<(\\/?)([A-Za-z_][\\w:.-]*)(?:[^>"']|"[^"]*"|'[^']*')*?(\\/?)>`,
    'g',
  );
  for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
    const [all, closing, name, selfClosing] = m;
    if (name === undefined) {
      if (!/(-->|\]\]>|\?>)$/.test(all)) return { name: all.slice(0, 9), line: lineAt(source, m.index) };
      continue;
    }
    if (selfClosing) continue;
    if (!closing) stack.push({ name, offset: m.index });
    else if (stack.at(-1)?.name === name) stack.pop();
    else return null;
  }
  const open = stack.at(-1);
  return open ? { name: `<${open.name}>`, line: lineAt(source, open.offset) } : null;
}

export function wellFormedProblem(source: string): ImportIssue | null {
  const valid = XMLValidator.validate(source);
  if (valid !== true) {
    const open = unclosedElement(source);
    if (open)
      return {
        where: { line: open.line },
        message: `not well-formed XML: ${open.name} opened on this line is never closed — the file ends at line ${lineAt(source, source.length)} (cut short?)`,
      };
    const message = valid.err.msg.startsWith("char '&'")
      ? 'a bare "&": write &amp;, or put the text inside <![CDATA[…]]>'
      : valid.err.msg;
    return { where: { line: valid.err.line }, message: `not well-formed XML: ${message}` };
  }
  return undeclaredEntity(source);
}

/**
 * The text of an element read raw (a stop node). Escaped text (`&lt;p&gt;…`, Moodle's export without
 * CDATA) is decoded once into the HTML it holds; markup written as elements (`<p>…</p>` inside
 * `<text>`) already is that HTML and is kept whole, text inside its tags too; CDATA is taken as is.
 */
export function rawElementText(raw: string): string {
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) => {
      if (part.startsWith('<![CDATA[')) return part.slice(9, -3);
      return /<[A-Za-z/]/.test(part) ? part.replace(/<!--[\s\S]*?-->/g, '') : decodeXML(part);
    })
    .join('');
}
