import amsRegular from 'katex/dist/fonts/KaTeX_AMS-Regular.woff2?url&no-inline';
import caligraphicBold from 'katex/dist/fonts/KaTeX_Caligraphic-Bold.woff2?url&no-inline';
import caligraphicRegular from 'katex/dist/fonts/KaTeX_Caligraphic-Regular.woff2?url&no-inline';
import frakturBold from 'katex/dist/fonts/KaTeX_Fraktur-Bold.woff2?url&no-inline';
import frakturRegular from 'katex/dist/fonts/KaTeX_Fraktur-Regular.woff2?url&no-inline';
import mainBold from 'katex/dist/fonts/KaTeX_Main-Bold.woff2?url&no-inline';
import mainBoldItalic from 'katex/dist/fonts/KaTeX_Main-BoldItalic.woff2?url&no-inline';
import mainItalic from 'katex/dist/fonts/KaTeX_Main-Italic.woff2?url&no-inline';
import mainRegular from 'katex/dist/fonts/KaTeX_Main-Regular.woff2?url&no-inline';
import mathBoldItalic from 'katex/dist/fonts/KaTeX_Math-BoldItalic.woff2?url&no-inline';
import mathItalic from 'katex/dist/fonts/KaTeX_Math-Italic.woff2?url&no-inline';
import sansSerifBold from 'katex/dist/fonts/KaTeX_SansSerif-Bold.woff2?url&no-inline';
import sansSerifItalic from 'katex/dist/fonts/KaTeX_SansSerif-Italic.woff2?url&no-inline';
import sansSerifRegular from 'katex/dist/fonts/KaTeX_SansSerif-Regular.woff2?url&no-inline';
import scriptRegular from 'katex/dist/fonts/KaTeX_Script-Regular.woff2?url&no-inline';
import size1Regular from 'katex/dist/fonts/KaTeX_Size1-Regular.woff2?url&no-inline';
import size2Regular from 'katex/dist/fonts/KaTeX_Size2-Regular.woff2?url&no-inline';
import size3Regular from 'katex/dist/fonts/KaTeX_Size3-Regular.woff2?url&no-inline';
import size4Regular from 'katex/dist/fonts/KaTeX_Size4-Regular.woff2?url&no-inline';
import typewriterRegular from 'katex/dist/fonts/KaTeX_Typewriter-Regular.woff2?url&no-inline';

/**
 * KaTeX's @font-face rules, declared from script instead of from its stylesheet (the build strips them
 * there: apps/web/vite.config.ts). Adding a stylesheet with @font-face rules makes Chrome recompute the
 * style of the whole page: KaTeX's arrived with the result's question table, after the summary was
 * drawn, and cost a ~140 ms task on a 4x slower phone. Declared before a screen's first render, the
 * same work touches only the start-up spinner. Fonts still download only when a formula uses them,
 * with font-display: block as in KaTeX's CSS (maths never shows in a fallback font). woff2 only: every
 * browser that runs this app reads it.
 */
export const KATEX_FACES: ReadonlyArray<
  readonly [family: string, url: string, style: string, weight: string]
> = [
  ['KaTeX_AMS', amsRegular, 'normal', '400'],
  ['KaTeX_Caligraphic', caligraphicBold, 'normal', '700'],
  ['KaTeX_Caligraphic', caligraphicRegular, 'normal', '400'],
  ['KaTeX_Fraktur', frakturBold, 'normal', '700'],
  ['KaTeX_Fraktur', frakturRegular, 'normal', '400'],
  ['KaTeX_Main', mainBold, 'normal', '700'],
  ['KaTeX_Main', mainBoldItalic, 'italic', '700'],
  ['KaTeX_Main', mainItalic, 'italic', '400'],
  ['KaTeX_Main', mainRegular, 'normal', '400'],
  ['KaTeX_Math', mathBoldItalic, 'italic', '700'],
  ['KaTeX_Math', mathItalic, 'italic', '400'],
  ['KaTeX_SansSerif', sansSerifBold, 'normal', '700'],
  ['KaTeX_SansSerif', sansSerifItalic, 'italic', '400'],
  ['KaTeX_SansSerif', sansSerifRegular, 'normal', '400'],
  ['KaTeX_Script', scriptRegular, 'normal', '400'],
  ['KaTeX_Size1', size1Regular, 'normal', '400'],
  ['KaTeX_Size2', size2Regular, 'normal', '400'],
  ['KaTeX_Size3', size3Regular, 'normal', '400'],
  ['KaTeX_Size4', size4Regular, 'normal', '400'],
  ['KaTeX_Typewriter', typewriterRegular, 'normal', '400'],
];

/** The two faces nearly every formula uses (preloaded by MathText). */
export const COMMON_FACE_URLS = [mainRegular, mathItalic] as const;

let declared = false;

/** Declares KaTeX's fonts once; later calls do nothing. */
export function declareKatexFonts(): void {
  if (declared || typeof FontFace === 'undefined' || typeof document === 'undefined') return;
  declared = true;
  for (const [family, url, style, weight] of KATEX_FACES) {
    document.fonts.add(
      new FontFace(family, `url(${url}) format("woff2")`, { style, weight, display: 'block' }),
    );
  }
}
