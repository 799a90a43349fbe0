import { QuizScreen } from '../../features/quiz/components/QuizScreen';

/** /practice/exam/:examId/:type/:moduleId?/… — the quiz screen untimed, with Check, confidence and hints. */
export default function PracticePage() {
  return <QuizScreen mode="practice" />;
}
