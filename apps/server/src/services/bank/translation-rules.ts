import { figuresIn, type FieldError, type TranslationEdit } from '@ai-tutor/contract';
import type { VersionTranslation } from '../../db/schema.js';
import { formulaErrors } from './edit-rules.js';

/**
 * A translation written in the editor, checked by the importer's rules for translations
 * (`translationProblems` in the contract, docs/decisions/0027-questions-in-two-languages.md) but with
 * each problem at its field (`translations.hi.options`, `translations.hi.hints.1`…), and every formula
 * parsed by KaTeX as the original's are (edit-rules.ts).
 */

interface Original {
  text: string;
  options: string[];
  explanation: string | null;
  hints: string[];
  passage: string | null;
}

/** Trimmed as the importer trims: an empty explanation or passage is the original's (null). */
export function cleanTranslation(t: TranslationEdit): VersionTranslation {
  return {
    text: t.text.trim(),
    options: t.options.map((o) => o.trim()),
    explanation: t.explanation?.trim() || null,
    hints: t.hints.map((h) => h.trim()).filter(Boolean),
    passage: t.passage?.trim() || null,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function figureErrors(path: string, want: string[], got: string[]): FieldError[] {
  if (want.length === got.length && want.every((f, i) => f === got[i])) return [];
  const message =
    want.length === got.length
      ? 'it shows other figures than the original: keep each ![alt](media:…) as it is, translate only its alt text'
      : `it shows ${plural(got.length, 'figure')} where the original shows ${want.length}`;
  return [{ path, message }];
}

/** The problems of one language's texts beside the (edited) original; [] when it may be saved. */
export function translationErrors(lang: string, original: Original, t: VersionTranslation): FieldError[] {
  const at = (field: string) => `translations.${lang}.${field}`;
  const errors: FieldError[] = [];
  if (!t.text) errors.push({ path: at('text'), message: 'the translated text is empty' });
  if (t.options.length !== original.options.length)
    errors.push({
      path: at('options'),
      message: `it has ${plural(t.options.length, 'option')}; the question has ${original.options.length}, in the same order`,
    });
  else
    t.options.forEach((o, i) => {
      if (!o) errors.push({ path: at(`options.${i}`), message: 'the translated option is empty' });
      else errors.push(...figureErrors(at(`options.${i}`), figuresIn(original.options[i]!), figuresIn(o)));
    });
  if (t.hints.length > 0 && t.hints.length !== original.hints.length)
    errors.push({
      path: at('hints'),
      message: `it has ${plural(t.hints.length, 'hint')}; the question has ${original.hints.length} (or leave them all empty)`,
    });
  if (t.passage !== null && original.passage === null)
    errors.push({ path: at('passage'), message: 'the question has no passage to translate' });
  errors.push(
    ...figureErrors(at('text'), figuresIn(original.text), figuresIn(t.text)),
    ...(t.passage === null
      ? []
      : figureErrors(at('passage'), figuresIn(original.passage), figuresIn(t.passage))),
    ...(t.explanation === null
      ? []
      : figureErrors(at('explanation'), figuresIn(original.explanation), figuresIn(t.explanation))),
    ...formulaErrors(at('text'), t.text),
    ...t.options.flatMap((o, i) => formulaErrors(at(`options.${i}`), o)),
    ...formulaErrors(at('explanation'), t.explanation),
    ...t.hints.flatMap((h, i) => formulaErrors(at(`hints.${i}`), h)),
    ...formulaErrors(at('passage'), t.passage),
  );
  return errors;
}
