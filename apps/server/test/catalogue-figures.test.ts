import { describe, expect, it } from 'vitest';
import { media, questions } from '../src/db/schema.js';
import { sanitizeSvg } from '../src/import/media.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { scratchFile } from './fixtures/import/bank.js';
import { useTestApp } from './helpers/app.js';

// docs/product.md#figures-and-passages figures: carried by our import format, stored by SHA-256, served immutable; an SVG
// keeps its drawing and loses anything that could run or reach out.
const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <foreignObject><iframe src="https://evil.test"/></foreignObject>
  <image href="https://evil.test/x.png" width="5" height="5"/>
  <style>@import url(https://evil.test/x.css);</style>
  <a href="javascript:alert(3)"><circle cx="5" cy="5" r="4"/></a>
  <rect x="1" y="1" width="3" height="3" fill="url(https://evil.test/#g)" stroke="black"/>
  <use xlink:href="#local"/><use href="https://evil.test/#x"/>
  <path id="local" d="M0 0 L10 10" stroke="black"/>
  <text x="1" y="9">R = 4 Ω</text>
</svg>`;
// 1×1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const t = useTestApp();

const yaml = (figures: string, text: string) => `figures:
${figures}
exams:
  - name: Figures Exam
    slug: figures-exam
    modules:
      - name: Figures Module
        slug: figures-module
        durationMinutes: 10
        questionCount: 1
        subjects:
          - name: Optics
            slug: figures-optics
            durationMinutes: 10
            questionCount: 1
            questions:
              - text: '${text}'
                options: ['2 Ω', '4 Ω']
                answer: '4 Ω'
`;

describe('figures', () => {
  it('imports a figure, rewrites its reference to the stored hash and serves it immutable', async () => {
    const file = scratchFile(
      'figures.yaml',
      yaml(
        `  circuit:\n    svg: |\n${HOSTILE_SVG.split('\n')
          .map((l) => `      ${l}`)
          .join('\n')}\n  dot:\n    base64: ${PNG}`,
        'Find R in ![A resistor R in series with a cell](figure:circuit) and ![a dot](figure:dot)',
      ),
    );
    await importFile(t.app.db, file);
    const stored = await t.app.db.select().from(questions);
    const withFigure = stored.find((row) => row.text.startsWith('Find R'))!;
    const refs = [...withFigure.text.matchAll(/!\[([^\]]*)\]\(media:([0-9a-f]{64})\)/g)];
    expect(refs.map((m) => m[1])).toEqual(['A resistor R in series with a cell', 'a dot']);

    const svg = await t.app.inject({ method: 'GET', url: `/api/v1/media/${refs[0]![2]}` });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    for (const hostile of [
      'script',
      'onload',
      'foreignObject',
      'iframe',
      '<image',
      'evil.test',
      'javascript:',
      '@import',
    ])
      expect(svg.body, hostile).not.toContain(hostile);
    for (const kept of ['<path', 'id="local"', 'href="#local"', 'R = 4 Ω', 'stroke="black"'])
      expect(svg.body).toContain(kept);

    const png = await t.app.inject({ method: 'GET', url: `/api/v1/media/${refs[1]![2]}` });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    const rows = await t.app.db.select({ sha: media.sha256 }).from(media);
    expect(rows.map((r) => r.sha).sort()).toEqual([refs[0]![2], refs[1]![2]].sort());
  });

  it('answers 404 in the envelope for an unknown or malformed hash', async () => {
    for (const sha of ['0'.repeat(64), 'not-a-hash']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/media/${sha}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Figure not found', data: null });
    }
  });

  it('refuses a file whose figure is not an allowed image, is too large or is not referenced right', async () => {
    const cases: [string, string, RegExp][] = [
      ['  bad:\n    base64: aGVsbG8gd29ybGQ=', 'x ![a](figure:bad)', /not a png, jpeg, webp, gif or svg/],
      [
        `  big:\n    base64: ${Buffer.alloc(2 * 1024 * 1024 + 10, 0x89).toString('base64')}`,
        'x ![a](figure:big)',
        /larger than 2 MB/,
      ],
      ['  ok:\n    base64: ' + PNG, 'x ![a](figure:missing)', /no figure "missing"/],
      ['  broken:\n    svg: "<svg><g></svg>"', 'x ![a](figure:broken)', /not well-formed/],
    ];
    for (const [figures, text, message] of cases) {
      const file = scratchFile('bad-figure.yaml', yaml(figures, text));
      await expect(importFile(t.app.db, file)).rejects.toThrow(message);
    }
  });

  it('keeps only drawing in an SVG', () => {
    expect(sanitizeSvg('<svg viewBox="0 0 1 1"><circle r="1" onclick="x()"/></svg>')).toBe(
      '<svg viewBox="0 0 1 1"><circle r="1"/></svg>',
    );
  });
});
