import type { Evaluation, ResultEvaluation, ShownTranslation } from '@ai-tutor/contract';

/**
 * Papers in more than one language (docs/languages.md). The server sends a question's texts in each of
 * its exam's languages; what the learner answers is always the question's own option text, so a screen
 * shows a translation by position (translations keep the options' order) and never stores it.
 */

/** A language named in itself, as a learner looks for it in a list: "English", "हिन्दी". */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The texts of a question as shown in `lang`: its translation there, else its own. */
export function shownTexts(question: Evaluation['baseQuestion'], lang: string | undefined): ShownTranslation {
  return (
    (lang && question.translations?.[lang]) || {
      questionText: question.questionText,
      options: question.options,
      passage: question.passage,
    }
  );
}

/** One of the question's own options as it reads in `lang`. */
export function shownOption(question: Evaluation['baseQuestion'], lang: string | undefined, option: string) {
  const index = question.options.indexOf(option);
  const translated = lang ? question.translations?.[lang]?.options[index] : undefined;
  return index >= 0 && translated !== undefined ? translated : option;
}

/**
 * A result's question as it reads in `lang`: its text, options, the learner's and the right answers and
 * the explanation; marks, outcome and times are the same in every language.
 */
export function resultInLanguage(evaluation: ResultEvaluation, lang: string | undefined): ResultEvaluation {
  const question = evaluation.baseQuestion;
  if (!lang || !question.translations?.[lang]) return evaluation;
  const texts = shownTexts(question, lang);
  const option = (text: string) => shownOption(question, lang, text);
  const { userAnswer } = evaluation;
  return {
    ...evaluation,
    baseQuestion: { ...question, ...texts },
    userAnswer: Array.isArray(userAnswer)
      ? userAnswer.map(option)
      : userAnswer === null
        ? null
        : option(userAnswer),
    correctOptions: evaluation.correctOptions.map(option),
    baseAnswer: question.questionType === 'single' ? option(evaluation.baseAnswer) : evaluation.baseAnswer,
    explanation: evaluation.translatedExplanations?.[lang] ?? evaluation.explanation,
  };
}

/** Scripts a system's UI font may lack, and the kept font package that sets them (loaded on first use). */
const SCRIPT_FONTS: Record<string, () => Promise<unknown>> = {
  hi: () => import('./devanagari-font'),
  mr: () => import('./devanagari-font'),
  ne: () => import('./devanagari-font'),
};

/** Loads the font a language's script needs the first time it is shown; /login never pays for it. */
export function loadLanguageFont(lang: string | undefined): void {
  const load = lang ? SCRIPT_FONTS[lang.split('-')[0]!] : undefined;
  void load?.();
}

const CHOICE_KEY = 'ai-tutor:language';

/** The language the learner last picked on an instructions screen; a new session opens in it. */
export function languageChoice(): string | undefined {
  try {
    return localStorage.getItem(CHOICE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function setLanguageChoice(lang: string): void {
  try {
    localStorage.setItem(CHOICE_KEY, lang);
  } catch {
    // Storage blocked: the session opens in the paper's authoritative language.
  }
}
