import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';

/**
 * Sanitised SVG (decision 0015): the file is parsed by a conforming XML parser (saxes: entities and
 * character references decoded, CDATA read as text, undeclared entities and malformed markup refused)
 * and a new document is written from what an allow-list keeps. Nothing is matched in the source text:
 * what survives is only drawing elements, attributes known to be inert, values checked after decoding,
 * text escaped anew (markup inside CDATA becomes text), and references to the figure's own ids.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

// Drawing only: nothing that runs, animates, loads (image, feImage, use of another file) or styles.
const ELEMENTS = new Set([
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
]);

// Properties allowed both as presentation attributes and inside a style attribute.
const PRESENTATION = new Set([
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'color',
  'stop-color',
  'stop-opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'mask-type',
  'marker-start',
  'marker-mid',
  'marker-end',
  'visibility',
  'display',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'font-variant',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'vector-effect',
  'shape-rendering',
  'text-rendering',
  'paint-order',
]);

const GEOMETRY = new Set(
  (
    'x y x1 y1 x2 y2 cx cy r rx ry fx fy fr width height d points viewBox preserveAspectRatio transform ' +
    'dx dy rotate textLength lengthAdjust startOffset method spacing side pathLength offset gradientUnits ' +
    'gradientTransform spreadMethod patternUnits patternContentUnits patternTransform clipPathUnits ' +
    'maskUnits maskContentUnits markerWidth markerHeight markerUnits refX refY orient version role ' +
    'aria-label aria-hidden lang'
  ).split(' '),
);

const TOKEN = /^[A-Za-z_][\w.:-]*$/;
const LOCAL_URL = /^url\(\s*(['"]?)#[A-Za-z_][\w.:-]*\1\s*\)$/i;
// CSS functions that draw and cannot fetch; url() is allowed only as a reference to an own id.
const FUNCTIONS = new Set([
  'url',
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'matrix',
  'translate',
  'scale',
  'rotate',
  'skewx',
  'skewy',
]);

/** C0 controls other than whitespace, and DEL: never part of a drawing's value. */
const hasControlCharacter = (value: string) =>
  [...value].some((c) => {
    const code = c.charCodeAt(0);
    return (code < 0x20 && c !== '\t' && c !== '\n' && c !== '\r') || code === 0x7f;
  });

/** A decoded attribute or CSS value that cannot run, load or escape its context. */
function inertValue(value: string): boolean {
  // Escapes (CSS `\72`), at-rules, comments and markup have no place in a drawing's values.
  if (/[\\<>@]|\/\*/.test(value) || hasControlCharacter(value)) return false;
  if ((value.match(/"/g)?.length ?? 0) % 2 || (value.match(/'/g)?.length ?? 0) % 2) return false;
  if (/[a-z][\w+.-]*:/i.test(value.replace(/url\(\s*['"]?#[^)]*\)/gi, '').replace(/['"][^'"]*['"]/g, '')))
    return false; // a scheme (javascript:, data:, http:) outside a quoted font name
  for (const call of value.matchAll(/([\w-]+)\s*\(/g)) {
    const name = call[1]!.toLowerCase();
    if (!FUNCTIONS.has(name)) return false;
  }
  for (const url of value.matchAll(/url\s*\([^)]*\)?/gi)) if (!LOCAL_URL.test(url[0])) return false;
  return true;
}

/** A style attribute's declarations that are allowed presentation properties with inert values. */
function cleanStyle(style: string): string | null {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (PRESENTATION.has(property) && value && inertValue(value)) kept.push(`${property}:${value}`);
  }
  return kept.length ? kept.join(';') : null;
}

/** The attribute as it may be written, or null to drop it. */
function cleanAttribute(attribute: SaxesAttributeNS): [string, string] | null {
  const { uri, local, value } = attribute;
  if (uri === XLINK_NS && local === 'href')
    return /^#[A-Za-z_][\w.:-]*$/.test(value) ? ['href', value] : null;
  if (uri === XML_NS && local === 'space') return ['xml:space', value === 'preserve' ? value : 'default'];
  if (uri !== '') return null; // xmlns declarations (written anew) and foreign attributes
  if (local === 'href') return /^#[A-Za-z_][\w.:-]*$/.test(value) ? ['href', value] : null;
  if (local === 'id') return TOKEN.test(value) ? [local, value] : null;
  if (local === 'class')
    return value
      .split(/\s+/)
      .filter(Boolean)
      .every((c) => TOKEN.test(c))
      ? [local, value]
      : null;
  if (local === 'style') {
    const style = cleanStyle(value);
    return style ? [local, style] : null;
  }
  if (!PRESENTATION.has(local) && !GEOMETRY.has(local)) return null;
  return inertValue(value) ? [local, value] : null;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) =>
  escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');

const isSvgElement = (tag: SaxesTagNS) => tag.uri === SVG_NS || (tag.uri === '' && tag.prefix === '');

/** An SVG with only drawing in it; throws with a reason when the text is not a well-formed SVG. */
export function sanitizeSvg(source: string): string {
  const parser = new SaxesParser({ xmlns: true });
  let out = '';
  let depth = 0;
  let skipping = 0; // depth of an element being dropped with everything inside it
  let rootSeen = false;
  parser.on('opentag', (tag) => {
    depth++;
    if (skipping) return;
    if (depth === 1) {
      rootSeen = true;
      if (!isSvgElement(tag) || tag.local !== 'svg') throw new Error('the file has no <svg> element');
    }
    if (!isSvgElement(tag) || !ELEMENTS.has(tag.local)) {
      skipping = depth;
      return;
    }
    let attributes = depth === 1 && tag.uri === SVG_NS ? ` xmlns="${SVG_NS}"` : '';
    for (const attribute of Object.values(tag.attributes)) {
      const kept = cleanAttribute(attribute);
      if (kept) attributes += ` ${kept[0]}="${escapeAttribute(kept[1])}"`;
    }
    out += `<${tag.local}${attributes}>`;
  });
  parser.on('closetag', (tag) => {
    if (skipping === depth) skipping = 0;
    else if (!skipping) out += `</${tag.local}>`;
    depth--;
  });
  const onText = (text: string) => {
    if (depth > 0 && !skipping) out += escapeText(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  try {
    parser.write(source).close();
  } catch (error) {
    const message = (error as Error).message;
    if (message.startsWith('the file has')) throw error;
    throw new Error(`the SVG is not well-formed XML (${message.replace(/^undefined:/, 'line ')})`);
  }
  if (!rootSeen) throw new Error('the file has no <svg> element');
  // Empty elements written short, as the figure's authors would.
  return out.replace(/<([A-Za-z]+)([^<>]*)><\/\1>/g, '<$1$2/>');
}
