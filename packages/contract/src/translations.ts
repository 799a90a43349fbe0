import { z } from 'zod';

/**
 * Papers in two languages (docs/decisions/0027-questions-in-two-languages.md). A question's own text
 * is in its exam's first language; a translation carries the learner-visible texts in another: the
 * text, the options (same count, same order: a saved answer is the base-language option text, and a
 * screen maps what it shows by position), the explanation, the hints and the passage. Figures are
 * shared: a translation shows the same figures, with alt texts of its own.
 */
export const DEFAULT_LANGUAGE = 'en';
export const TRANSLATION_STATUSES = ['draft', 'approved'] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];
/** Who wrote it: an import (approved, as the file's author vouches for it) or the AI (a draft). */
export const TRANSLATION_SOURCES = ['import', 'ai', 'editor'] as const;
export type TranslationSource = (typeof TRANSLATION_SOURCES)[number];

/** A BCP 47 tag in its canonical case (`hi`, `pt-BR`, `zh-Hant`), or null when it is not one. */
export function canonicalLanguage(tag: string): string | null {
  const cleaned = tag.trim().replace(/_/g, '-');
  if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(cleaned)) return null;
  try {
    return Intl.getCanonicalLocales(cleaned)[0] ?? null;
  } catch {
    return null;
  }
}

/** A language tag as the API and the files take it, made canonical. */
export const languageTag = z.string().transform((tag, ctx) => {
  const canonical = canonicalLanguage(tag);
  if (canonical) return canonical;
  ctx.addIssue({ code: 'custom', message: `"${tag}" is not a language tag (BCP 47, e.g. "hi" or "en")` });
  return z.NEVER;
});

export const questionTranslation = z.object({
  questionId: z.string(),
  lang: z.string(),
  text: z.string(),
  options: z.array(z.string()),
  explanation: z.string().nullable(),
  hints: z.array(z.string()),
  /** The comprehension passage in this language, when the question has one. */
  passage: z.string().nullable(),
  status: z.enum(TRANSLATION_STATUSES),
  source: z.enum(TRANSLATION_SOURCES),
  updatedAt: z.string(),
});
export type QuestionTranslation = z.infer<typeof questionTranslation>;

/** The texts of a question or of one of its translations, as translationProblems compares them. */
export interface TranslatableTexts {
  text: string;
  options: string[];
  explanation: string | null;
  hints: string[];
  passage: string | null;
}

/** The figures a text shows (`![alt](media:<sha256>)`), in order. */
export function figuresIn(text: string | null): string[] {
  return [...(text ?? '').matchAll(/!\[[^\]]*\]\(media:([0-9a-f]{64})\)/g)].map((m) => m[1]!);
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * What stops a translation standing beside its question: another number of options, or figures that
 * are not the question's own (each text shows the figures its original shows, in order). A part the
 * translation leaves out (an explanation, hints, a passage) falls back to the original and is not
 * compared.
 */
export function translationProblems(original: TranslatableTexts, translated: TranslatableTexts): string[] {
  const problems: string[] = [];
  if (!translated.text.trim()) problems.push('its text is empty');
  if (translated.options.length !== original.options.length)
    problems.push(`it has ${translated.options.length} options; the question has ${original.options.length}`);
  else if (translated.options.some((o) => !o.trim())) problems.push('an option is empty');
  const figures: [string, boolean, string[], string[]][] = [
    ['text', true, figuresIn(original.text), figuresIn(translated.text)],
    ['passage', translated.passage !== null, figuresIn(original.passage), figuresIn(translated.passage)],
    [
      'explanation',
      translated.explanation !== null,
      figuresIn(original.explanation),
      figuresIn(translated.explanation),
    ],
    [
      'hints',
      translated.hints.length > 0,
      original.hints.flatMap(figuresIn),
      translated.hints.flatMap(figuresIn),
    ],
  ];
  if (translated.options.length === original.options.length)
    original.options.forEach((o, i) =>
      figures.push([`option ${i + 1}`, true, figuresIn(o), figuresIn(translated.options[i] ?? '')]),
    );
  for (const [part, given, want, got] of figures)
    if (given && !same(want, got))
      problems.push(
        `its ${part} shows ${got.length} figure${got.length === 1 ? '' : 's'} where the original shows ${want.length === got.length ? 'other ones' : want.length}`,
      );
  if (translated.hints.length > 0 && translated.hints.length !== original.hints.length)
    problems.push(`it has ${translated.hints.length} hints; the question has ${original.hints.length}`);
  return problems;
}

/** A session's languages (docs/languages.md): the exam's, the authoritative one, the one it was started in. */
export const sessionLanguages = z.object({
  available: z.array(z.string()).min(2),
  authoritative: z.string(),
  chosen: z.string(),
});

/** A question in another of its exam's languages as a session shows it: the same options, in the same order. */
export const shownTranslation = z.object({
  questionText: z.string(),
  options: z.array(z.string()),
  passage: z.string().nullable(),
});
export type ShownTranslation = z.infer<typeof shownTranslation>;
