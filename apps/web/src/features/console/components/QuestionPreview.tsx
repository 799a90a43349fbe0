import type { QuestionEditBody } from '@ai-tutor/contract';
import { Box, Paper, Stack, Typography, type Theme } from '@mui/material';
// @mui/system's provider, as App.tsx uses: @mui/material's carries the CSS-variables provider, and the
// bundler put it into every learner's first script (+3.5 kB gzip on /login).
import { ThemeProvider } from '@mui/system';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { fixedWidthMatchMedia } from '../lib/fixed-width';

/** The widths previewed: a small phone and a laptop (docs/question-bank.md#editing). */
export const PREVIEW_WIDTHS = { phone: 360, laptop: 1024 } as const;

/**
 * The learner's screens of a question: the quiz's question panel and the result's question table
 * themselves. The app passes them in (app/routes/console-question-preview.tsx): features do not import
 * each other, and the console stays out of every learner's chunk.
 */
export type LearnerScreens = ComponentType<{ question: QuestionEditBody; lang?: string | undefined }>;

/** The learner's screens as a screen of `width` px draws them (their media queries answered for that width). */
function PreviewAt({
  question,
  width,
  label,
  Screens,
  lang,
}: {
  question: QuestionEditBody;
  width: number;
  label: string;
  Screens: LearnerScreens;
  lang: string | undefined;
}) {
  const theme = useMemo(
    () => (outer: Theme) => ({
      ...outer,
      components: {
        ...outer.components,
        MuiUseMediaQuery: { defaultProps: { matchMedia: fixedWidthMatchMedia(width), noSsr: true } },
      },
    }),
    [width],
  );
  return (
    <Box component="figure" aria-label={label} sx={{ m: 0, flex: 'none', width }}>
      <Typography component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <ThemeProvider theme={theme}>
        {/* Inert: it shows the learner's screens; its buttons and options are not the editor's to press. */}
        <Stack
          inert
          lang={lang}
          spacing={2}
          sx={{ width, bgcolor: 'background.default', p: 1, border: 1, borderColor: 'divider' }}
        >
          <Screens question={question} lang={lang} />
        </Stack>
      </ThemeProvider>
    </Box>
  );
}

/** The question as a learner sees it in the test and on the result, on a phone and on a laptop. */
export function QuestionPreview({
  question,
  Screens,
  lang,
  toolbar,
}: {
  question: QuestionEditBody;
  Screens: LearnerScreens;
  /** The language shown (a translation's texts), to mark the previews with; none: the question's own. */
  lang?: string | undefined;
  /** Above the previews: the editor's choice of language. */
  toolbar?: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby="preview-heading" sx={{ p: 2 }}>
      <Typography id="preview-heading" component="h3" variant="h6" sx={{ mb: 1 }}>
        Preview
      </Typography>
      {toolbar}
      {/* The laptop's 1024 px scroll sideways beside the form: focusable, so a keyboard scrolls them too
          (the previews themselves are inert, nothing inside takes the focus). */}
      <Stack
        direction="row"
        spacing={3}
        tabIndex={0}
        role="group"
        aria-label="Previews (scroll sideways)"
        sx={{ overflowX: 'auto', alignItems: 'flex-start', pb: 1 }}
      >
        <PreviewAt
          question={question}
          Screens={Screens}
          lang={lang}
          width={PREVIEW_WIDTHS.phone}
          label={`Phone (${PREVIEW_WIDTHS.phone} px)`}
        />
        <PreviewAt
          question={question}
          Screens={Screens}
          lang={lang}
          width={PREVIEW_WIDTHS.laptop}
          label={`Laptop (${PREVIEW_WIDTHS.laptop} px)`}
        />
      </Stack>
    </Paper>
  );
}
