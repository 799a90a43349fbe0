import type { FieldError, QuestionEditBody, TranslationEdit } from '@ai-tutor/contract';
import { Stack, TextField, Typography } from '@mui/material';
import { languageName } from '../../../lib/languages';
import { messagesFor } from '../lib/edit-draft';
import { figuresWithAlt, withFigureAlt } from '../lib/translation-draft';

const LETTERS = 'ABCDEFGHIJ';

interface Props {
  /** The question as edited: its texts stand beside the translation's. */
  original: QuestionEditBody;
  /** The language of the question's own texts. */
  own: string;
  translation: TranslationEdit;
  onChange: (translation: TranslationEdit) => void;
  errors: readonly FieldError[];
}

/** One field of the translation beside the original's: side by side, stacked on a phone. */
function Pair({
  label,
  original,
  value,
  onChange,
  own,
  lang,
  error,
  multiline = true,
}: {
  label: string;
  original: string;
  value: string;
  onChange: (value: string) => void;
  own: string;
  lang: string;
  error: string;
  multiline?: boolean;
}) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
      <TextField
        label={`${label} (${languageName(own)})`}
        value={original}
        multiline={multiline}
        fullWidth
        slotProps={{ input: { readOnly: true }, htmlInput: { lang: own } }}
        helperText="The original: read only here"
      />
      <TextField
        label={`${label} (${languageName(lang)})`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        multiline={multiline}
        fullWidth
        error={Boolean(error)}
        helperText={error || ' '}
        slotProps={{ htmlInput: { lang } }}
      />
    </Stack>
  );
}

/**
 * A question's texts in one other language, each beside the original (docs/languages.md#the-console):
 * text, passage, options in the original's order (as many), explanation, hints, and the alt text of
 * each figure the translated texts show. Each field shows the server's error for it.
 */
export function TranslationFields({ original, own, translation: t, onChange, errors }: Props) {
  const lang = t.lang;
  const at = (path: string) => messagesFor(errors, `translations.${lang}.${path}`);
  const set = (patch: Partial<TranslationEdit>) => onChange({ ...t, ...patch });
  const pair = (
    label: string,
    path: string,
    value: string,
    originalText: string,
    update: (v: string) => void,
  ) => (
    <Pair
      key={path}
      label={label}
      original={originalText}
      value={value}
      onChange={update}
      own={own}
      lang={lang}
      error={at(path)}
    />
  );
  // Figures: the same ones as the original's, their alt texts translated (the figures are shared).
  const figureParts: { part: string; text: string; originalText: string; update: (v: string) => void }[] = [
    { part: 'Question text', text: t.text, originalText: original.text, update: (text) => set({ text }) },
    ...(t.passage
      ? [
          {
            part: 'Passage',
            text: t.passage,
            originalText: original.passage ?? '',
            update: (passage: string) => set({ passage }),
          },
        ]
      : []),
    ...t.options.map((o, i) => ({
      part: `Option ${LETTERS[i]}`,
      text: o,
      originalText: original.options[i] ?? '',
      update: (v: string) => set({ options: t.options.map((x, j) => (j === i ? v : x)) }),
    })),
  ];

  return (
    <Stack spacing={1} role="group" aria-label={`${languageName(lang)} translation`}>
      {at('') && (
        <Typography color="error" role="alert" variant="body2">
          {at('')}
        </Typography>
      )}
      {pair('Question text', 'text', t.text, original.text, (text) => set({ text }))}
      {original.passage !== null &&
        pair('Passage', 'passage', t.passage ?? '', original.passage, (v) => set({ passage: v || null }))}
      {original.options.map((option, i) =>
        pair(`Option ${LETTERS[i]}`, `options.${i}`, t.options[i] ?? '', option, (v) =>
          set({ options: original.options.map((_o, j) => (j === i ? v : (t.options[j] ?? ''))) }),
        ),
      )}
      {at('options') && (
        <Typography color="error" role="alert" variant="body2">
          {at('options')}
        </Typography>
      )}
      {pair('Explanation', 'explanation', t.explanation ?? '', original.explanation ?? '', (v) =>
        set({ explanation: v || null }),
      )}
      {original.hints.map((hint, i) =>
        pair(`Hint ${i + 1}`, `hints.${i}`, t.hints[i] ?? '', hint, (v) => {
          const hints = original.hints.map((_h, j) => (j === i ? v : (t.hints[j] ?? '')));
          set({ hints: hints.some((h) => h.trim()) ? hints : [] });
        }),
      )}
      {at('hints') && (
        <Typography color="error" role="alert" variant="body2">
          {at('hints')}
        </Typography>
      )}
      {figureParts.flatMap(({ part, text, originalText, update }) => {
        const originals = figuresWithAlt(originalText);
        return figuresWithAlt(text).map((figure, n) => (
          <Pair
            key={`${part}-figure-${n}`}
            label={`${part}: figure ${n + 1}’s alt text`}
            original={originals[n]?.alt ?? ''}
            value={figure.alt}
            onChange={(alt) => update(withFigureAlt(text, n, alt))}
            own={own}
            lang={lang}
            error=""
            multiline={false}
          />
        ));
      })}
    </Stack>
  );
}
