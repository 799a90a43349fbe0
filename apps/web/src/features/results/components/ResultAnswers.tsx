import { isAnswered, uiTexts, type ResultEvaluation } from '@ai-tutor/contract';
import { MathText } from '../../../components/ui/MathText';
import { OptionText } from '../../../components/ui/OptionText';
import { useShownLanguage } from '../lib/shown-language';

/**
 * Options as the taker saw them, each with its letter: several (a multiple-correct question's) each on
 * its own line, as options hold ';' and ',' themselves. Text that is not an option shows as it is.
 */
function Options({ options, chosen }: { options: string[]; chosen: string[] }) {
  const lang = useShownLanguage();
  const one = (option: string) => {
    const at = options.indexOf(option);
    return at === -1 ? <MathText text={option} /> : <OptionText index={at} text={option} />;
  };
  if (chosen.length === 1) return <span lang={lang}>{one(chosen[0]!)}</span>;
  return (
    <ul className="correct-options" lang={lang}>
      {chosen.map((option) => (
        <li key={option}>{one(option)}</li>
      ))}
    </ul>
  );
}

export function YourAnswer({ evaluation }: { evaluation: ResultEvaluation }) {
  const answer = evaluation.userAnswer;
  if (!isAnswered(answer)) return <span className="not-answered">{uiTexts.notAnswered}</span>;
  const { options } = evaluation.baseQuestion;
  if (Array.isArray(answer)) return <Options options={options} chosen={answer} />;
  return options.includes(answer) ? (
    <Options options={options} chosen={[answer]} />
  ) : (
    <MathText text={answer} />
  );
}

/** The key: the right option(s) with their letters, else the key's text. */
export function CorrectAnswer({ evaluation }: { evaluation: ResultEvaluation }) {
  if (evaluation.correctOptions.length === 0) return <MathText text={evaluation.baseAnswer} />;
  return <Options options={evaluation.baseQuestion.options} chosen={evaluation.correctOptions} />;
}
