import type { AnswerValue } from '@ai-tutor/contract';
import type { MistakeView } from './types';

/**
 * A notebook question as it reads in `lang` (docs/languages.md): its text, passage, options, the
 * learner's and the right answers (the same options, by position) and the explanation. The original
 * when it has no translation there.
 */
export function mistakeInLanguage(mistake: MistakeView, lang: string | undefined): MistakeView {
  const shown = lang ? mistake.translations?.[lang] : undefined;
  if (!shown) return mistake;
  const option = (text: string) => {
    const at = mistake.options.indexOf(text);
    return at === -1 ? text : (shown.options[at] ?? text);
  };
  const answer: AnswerValue = Array.isArray(mistake.yourAnswer)
    ? mistake.yourAnswer.map(option)
    : mistake.yourAnswer === null
      ? null
      : option(mistake.yourAnswer);
  return {
    ...mistake,
    questionText: shown.questionText,
    passage: shown.passage,
    options: mistake.options.map(option),
    yourAnswer: answer,
    correctOptions: mistake.correctOptions.map(option),
    key: option(mistake.key),
    explanation: shown.explanation ?? mistake.explanation,
  };
}
