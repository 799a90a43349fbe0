import { readFileSync } from 'node:fs';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { questions } from '../src/db/schema.js';
import { prepareMedia, sanitizeSvg } from '../src/import/media.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { scratchFile } from './fixtures/import/bank.js';
import { useTestApp } from './helpers/app.js';

// A figure's SVG is sanitised (decision 0015): nothing in it may run or load anything, whatever the
// markup hides in CDATA, entities or CSS escapes. The corpus (fixtures/svg-attack-vectors.json) is
// public attack vectors plus the classes an outside probe found; each is either refused or comes out
// with drawing only.
interface Vector {
  title: string;
  payload: string;
}
const corpus = JSON.parse(
  readFileSync(new URL('./fixtures/svg-attack-vectors.json', import.meta.url), 'utf8'),
) as { vectors: Vector[] };

const DANGEROUS_ELEMENTS =
  /^(script|foreignobject|image|feimage|a|animate|animatemotion|animatetransform|set|style|handler|listener|iframe|object|embed|discard)$/i;

/** Everything wrong with a sanitised SVG, read back with an XML parser as a browser would read it. */
function executableOrExternal(svg: string): string[] {
  const problems: string[] = [];
  if (/<!|<\?/.test(svg)) problems.push('a DOCTYPE, CDATA, comment or processing instruction');
  if (/<script|<image|<foreignObject|<style/i.test(svg)) problems.push('raw markup that runs or loads');
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag) => {
    if (tag.uri !== '' && tag.uri !== 'http://www.w3.org/2000/svg') problems.push(`element in ${tag.uri}`);
    if (DANGEROUS_ELEMENTS.test(tag.local)) problems.push(`<${tag.local}>`);
    for (const a of Object.values(tag.attributes)) {
      if (a.name === 'xmlns') continue; // the namespace declaration, not a reference
      const value = a.value.toLowerCase();
      if (/^on/i.test(a.local)) problems.push(`handler ${a.name}`);
      if (a.local === 'href' && !value.startsWith('#')) problems.push(`href ${a.value}`);
      if (/javascript:|data:|https?:|\/\/|\\|@import|expression\s*\(/.test(value))
        problems.push(`${a.name}=${a.value}`);
      for (const url of value.matchAll(/url\s*\(([^)]*)/g))
        if (!/^\s*['"]?#/.test(url[1]!)) problems.push(`external url in ${a.name}`);
    }
  });
  parser.write(svg).close();
  return problems;
}

describe('the SVG sanitiser against a corpus of attack vectors', () => {
  it('holds enough vectors to mean something', () => {
    expect(corpus.vectors.length).toBeGreaterThanOrEqual(60);
  });

  for (const [i, vector] of corpus.vectors.entries()) {
    it(`#${i} ${vector.title}: refused, or nothing executable or external survives`, () => {
      let clean: string;
      try {
        clean = sanitizeSvg(vector.payload);
      } catch (error) {
        expect((error as Error).message).toMatch(/not well-formed|no <svg> element/);
        return;
      }
      expect(executableOrExternal(clean), clean).toEqual([]);
    });
  }

  it('turns markup in CDATA into text, and escaped url( into nothing', () => {
    expect(sanitizeSvg('<svg><text x="1"><![CDATA[<script>alert(1)</script>]]></text></svg>')).toBe(
      '<svg><text x="1">&lt;script&gt;alert(1)&lt;/script&gt;</text></svg>',
    );
    expect(
      sanitizeSvg('<svg><rect fill="&#117;rl(https://evil.example/p)" style="fill:u\\72l(//e/p)"/></svg>'),
    ).toBe('<svg><rect/></svg>');
  });
});

const BENIGN = `<?xml version="1.0" encoding="UTF-8"?>
<!-- A cell and a resistor -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 50" width="200" height="100">
  <title>A cell in series with R</title>
  <defs>
    <linearGradient id="wire" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#333"/><stop offset="1" stop-color="rgb(90, 90, 90)"/></linearGradient>
    <marker id="arrow" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto"><path d="M0,0 L4,2 L0,4 z"/></marker>
    <path id="zigzag" d="M10 25 l5 -5 l5 10 l5 -10 l5 10 l5 -5"/>
  </defs>
  <g transform="translate(5, 0) scale(1)" style="stroke: url(#wire); stroke-width: 2; fill: none">
    <use xlink:href="#zigzag"/>
    <use href="#zigzag" x="40"/>
    <line x1="0" y1="25" x2="10" y2="25" marker-end="url(#arrow)"/>
  </g>
  <text x="50" y="45" font-family="'DejaVu Sans', sans-serif" text-anchor="middle">R = 4 Ω &amp; I &lt; 1 A<tspan dy="-5" font-size="6">2</tspan></text>
</svg>`;

describe('a benign figure', () => {
  it('keeps its paths, text, gradients and references to its own ids', () => {
    const clean = sanitizeSvg(BENIGN);
    expect(executableOrExternal(clean)).toEqual([]);
    for (const kept of [
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="200" height="100">',
      '<title>A cell in series with R</title>',
      '<linearGradient id="wire" x1="0" y1="0" x2="1" y2="0">',
      '<stop offset="1" stop-color="rgb(90, 90, 90)"/>',
      '<marker id="arrow" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto">',
      '<path id="zigzag" d="M10 25 l5 -5 l5 10 l5 -10 l5 10 l5 -5"/>',
      '<g transform="translate(5, 0) scale(1)" style="stroke:url(#wire);stroke-width:2;fill:none">',
      '<use href="#zigzag"/>',
      '<use href="#zigzag" x="40"/>',
      '<line x1="0" y1="25" x2="10" y2="25" marker-end="url(#arrow)"/>',
      `font-family="'DejaVu Sans', sans-serif"`,
      'R = 4 Ω &amp; I &lt; 1 A<tspan dy="-5" font-size="6">2</tspan></text>',
    ])
      expect(clean).toContain(kept);
  });

  it('is stored as sanitised: the same bytes twice give the same figure', () => {
    const once = prepareMedia(Buffer.from(BENIGN));
    const twice = prepareMedia(Buffer.from(BENIGN));
    expect('media' in once && 'media' in twice && once.media.sha256 === twice.media.sha256).toBe(true);
  });
});

describe('figures imported and served', () => {
  const t = useTestApp();

  it('serves an imported figure without the script hidden in its CDATA', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><text><![CDATA[<script>alert(1)</script>]]></text><circle r="2"/></svg>';
    const file = scratchFile(
      'cdata-figure.yaml',
      `figures:
  cdata:
    svg: '${svg}'
exams:
  - name: Sanitiser Exam
    slug: sanitiser-exam
    modules:
      - name: Sanitiser Module
        slug: sanitiser-module
        durationMinutes: 10
        questionCount: 1
        subjects:
          - name: Optics
            slug: sanitiser-optics
            durationMinutes: 10
            questionCount: 1
            questions:
              - text: 'Which? ![a circle](figure:cdata)'
                options: ['a', 'b']
                answer: 'a'
`,
    );
    await importFile(t.app.db, file);
    const [row] = (await t.app.db.select().from(questions)).filter((q) => q.text.startsWith('Which?'));
    const sha = /media:([0-9a-f]{64})/.exec(row!.text)![1];
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/media/${sha}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><text>&lt;script&gt;alert(1)&lt;/script&gt;</text><circle r="2"/></svg>',
    );
  });
});
