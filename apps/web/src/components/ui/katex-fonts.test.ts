import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';

const katexCss = readFileSync(createRequire(import.meta.url).resolve('katex/dist/katex.min.css'), 'utf8');
/** Every @font-face of the stylesheet MathText imports: family, style, weight and woff2 file name. */
const katexFaces = [...katexCss.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body = '']) => ({
  family: /font-family:\s*"?([\w]+)"?/.exec(body)?.[1],
  style: /font-style:\s*(\w+)/.exec(body)?.[1],
  weight: /font-weight:\s*(\w+)/.exec(body)?.[1],
  file: /url\(fonts\/([\w-]+\.woff2)\)/.exec(body)?.[1],
}));

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'fonts');
  vi.resetModules();
});

describe('KaTeX fonts declared from script (their @font-face rules are stripped from its CSS)', () => {
  it('declares every face of the installed KaTeX, with its style, weight and woff2 file', async () => {
    const { KATEX_FACES } = await import('./katex-fonts');
    expect(katexFaces.length).toBeGreaterThan(0);
    const declared = KATEX_FACES.map(([family, url, style, weight]) => ({
      family,
      style,
      weight,
      file: /(KaTeX_[\w-]+)\.woff2/.exec(url)?.[1],
    }));
    for (const face of katexFaces) {
      expect(declared).toContainEqual({ ...face, file: face.file?.replace('.woff2', '') });
    }
    expect(declared).toHaveLength(katexFaces.length);
  });

  it('adds each face to the document once, blocking like KaTeX (no maths in a fallback font)', async () => {
    const added: { family: string; source: string; descriptors: FontFaceDescriptors }[] = [];
    vi.stubGlobal(
      'FontFace',
      class {
        constructor(family: string, source: string, descriptors: FontFaceDescriptors) {
          added.push({ family, source, descriptors });
        }
      },
    );
    const add = vi.fn();
    // jsdom has no FontFaceSet.
    Object.defineProperty(document, 'fonts', { value: { add }, configurable: true });
    const { declareKatexFonts } = await import('./katex-fonts');
    declareKatexFonts();
    declareKatexFonts();
    expect(add).toHaveBeenCalledTimes(katexFaces.length);
    expect(new Set(added.map((face) => face.descriptors.display))).toEqual(new Set(['block']));
    expect(added.every((face) => /^url\(.+KaTeX_[\w-]+.*\) format\("woff2"\)$/.test(face.source))).toBe(true);
  });
});
