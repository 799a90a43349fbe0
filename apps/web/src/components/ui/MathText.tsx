// KaTeX's own stylesheet (its fonts included) comes with this module, i.e. with the first screen that
// renders maths: /login and the result's summary never load it.
import 'katex/dist/katex.min.css';
import './math-text.css';
import { Box, type SxProps, type Theme } from '@mui/material';
import katex from 'katex';
import { memo, useMemo, type ElementType } from 'react';
import { TextWithFigures } from './Figure';
import { ScrollLine } from './ScrollLine';
import { splitTables, type TextBlock } from './tables';
import { parseMath } from '@ai-tutor/contract';

export { parseMath, type MathSegment } from '@ai-tutor/contract';

function renderTex(tex: string, display: boolean): string {
  // throwOnError false: a typo in one formula shows the source in red instead of breaking the page.
  return katex.renderToString(tex, { displayMode: display, throwOnError: false, output: 'htmlAndMathml' });
}

interface MathTextProps {
  text: string;
  component?: ElementType;
  sx?: SxProps<Theme>;
  id?: string;
  /** The text's language when it is not the page's (a translated question: docs/languages.md). */
  lang?: string | undefined;
}

/** Plain text, figures and maths, in one run of text (a table's cell, or the text around tables). */
function MathRuns({ text }: { text: string }) {
  const parts = useMemo(
    () =>
      parseMath(text).map((segment) =>
        segment.kind === 'text' ? segment : { ...segment, html: renderTex(segment.value, segment.display) },
      ),
    [text],
  );
  return parts.map((part, index) =>
    part.kind === 'text' ? (
      <TextWithFigures key={index} text={part.value} />
    ) : part.display ? (
      // KaTeX output with trust off: no user-controlled HTML, links or scripts get through.
      <ScrollLine key={index} as="span" className="math-display scroll-hint" html={part.html} />
    ) : (
      <span key={index} dangerouslySetInnerHTML={{ __html: part.html }} />
    ),
  );
}

/** A table of the text (tables.ts), in a box that scrolls sideways with edge shadows when too wide. */
function MathTable({ block }: { block: Extract<TextBlock, { kind: 'table' }> }) {
  return (
    <ScrollLine as="span" className="math-table-box scroll-hint">
      <table className={block.matching ? 'math-table matching-list' : 'math-table'}>
        {block.head && (
          <thead>
            <tr>
              {block.head.map((cell, i) => (
                <th key={i} scope="col">
                  <MathRuns text={cell} />
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {block.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) => (
                <td key={i}>
                  <MathRuns text={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollLine>
  );
}

/**
 * Text with LaTeX in `$…$`, `$$…$$`, `\(…\)` or `\[…\]`, rendered with KaTeX (MathML for screen
 * readers), and its tables (Markdown pipe tables, LaTeX `tabular`) as tables.
 */
export const MathText = memo(function MathText({ text, component = 'span', sx, id, lang }: MathTextProps) {
  const blocks = useMemo(() => splitTables(text), [text]);
  // Plain elements with fixed classes (math-text.css): a result renders this dozens of times, and
  // MUI's sx would compute styles for each; sx is applied only when a caller passes one.
  const content = blocks.map((block, index) =>
    block.kind === 'text' ? (
      <MathRuns key={index} text={block.value} />
    ) : (
      <MathTable key={index} block={block} />
    ),
  );
  if (sx) {
    return (
      <Box component={component} id={id} lang={lang} className="math-text" sx={sx}>
        {content}
      </Box>
    );
  }
  const Component = component;
  return (
    <Component id={id} lang={lang} className="math-text">
      {content}
    </Component>
  );
});
