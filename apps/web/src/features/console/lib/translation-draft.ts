import type { QuestionEditBody, QuestionForEdit, TranslationEdit } from '@ai-tutor/contract';

/**
 * The editor's working copies of a question's translations (docs/languages.md#the-console): one per
 * language of its exam other than the question's own, stored or blank. A blank one the editor leaves
 * untouched is not sent; one that is sent is checked by the server beside the original.
 */

export function translationDraftsOf(q: QuestionForEdit): TranslationEdit[] {
  return q.languages.others.map((lang) => {
    const stored = q.translations.find((t) => t.lang === lang);
    if (stored) {
      const { text, options, explanation, hints, passage } = stored;
      return { lang, text, options, explanation, hints, passage };
    }
    return { lang, text: '', options: q.options.map(() => ''), explanation: null, hints: [], passage: null };
  });
}

const blank = (t: TranslationEdit) =>
  !t.text.trim() &&
  t.options.every((o) => !o.trim()) &&
  !t.explanation?.trim() &&
  t.hints.every((h) => !h.trim()) &&
  !t.passage?.trim();

/** What a save sends: every stored translation, and the new ones the editor has begun. */
export function translationsToSave(q: QuestionForEdit, drafts: TranslationEdit[]): TranslationEdit[] {
  return drafts.filter((t) => q.translations.some((s) => s.lang === t.lang) || !blank(t));
}

/**
 * The question as a learner reading `t` sees it: its texts, the original's where the translation
 * leaves a part out, and the key moved to the translated options by place (options keep their order).
 */
export function translatedBody(q: QuestionEditBody, t: TranslationEdit): QuestionEditBody {
  const byPlace = (option: string) => {
    const at = q.options.indexOf(option);
    return at >= 0 ? (t.options[at] ?? option) : option;
  };
  const key =
    q.key.type === 'single'
      ? { ...q.key, answer: byPlace(q.key.answer) }
      : q.key.type === 'multiple'
        ? { ...q.key, answers: q.key.answers.map(byPlace) }
        : q.key;
  return {
    ...q,
    text: t.text,
    options: q.options.map((o, i) => t.options[i] ?? o),
    key,
    explanation: t.explanation ?? q.explanation,
    hints: t.hints.length ? t.hints : q.hints,
    passage: t.passage ?? q.passage,
  };
}

/** The figures a text shows, `![alt](media:…)`, with their alt texts, in order. */
export function figuresWithAlt(text: string): { alt: string; sha: string; at: number }[] {
  return [...text.matchAll(/!\[([^\]]*)\]\(media:([0-9a-f]{64})\)/g)].map((m) => ({
    alt: m[1]!,
    sha: m[2]!,
    at: m.index,
  }));
}

/** The text with its `n`th figure's alt text replaced (the figure itself stays). */
export function withFigureAlt(text: string, n: number, alt: string): string {
  const figure = figuresWithAlt(text)[n];
  if (!figure) return text;
  const clean = alt.replace(/[[\]]/g, '');
  const end = figure.at + 2 + figure.alt.length;
  return `${text.slice(0, figure.at)}![${clean}${text.slice(end)}`;
}
