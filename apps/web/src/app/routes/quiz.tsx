import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { QuizScreen } from '../../features/quiz/components/QuizScreen';

// The notebook's "Report a problem" (its dialog and form): fetched only when a live test's question shows.
const ReportQuestionButton = lazy(() =>
  import('../../features/mistakes/components/ReportQuestionDialog').then((m) => ({
    default: m.ReportQuestionButton,
  })),
);

/**
 * A live test's question is reported by its evaluation (docs/product.md#question-reports): the paper
 * shows no question id, and the notebook leaves it out until the results are released.
 */
function reportLiveQuestion(evaluationId: string) {
  return (
    <Suspense fallback={null}>
      <ReportQuestionButton key={evaluationId} target={{ evaluationId }} />
    </Suspense>
  );
}

/**
 * /quiz/exam/:examId/:type/:moduleId/:subjectId?/:topicId? — the CBT quiz screen (docs/product.md#quiz-screen); the same
 * scopes under /practice/exam/… untimed with Check, confidence and hints, and /review/:examId/session
 * (the exam's due questions) likewise (docs/product.md#review-queue).
 */
export default function QuizPage() {
  const { pathname } = useLocation();
  const mode = pathname.startsWith('/practice/')
    ? 'practice'
    : pathname.startsWith('/review/')
      ? 'review'
      : 'timed';
  return <QuizScreen mode={mode} liveQuestionAction={reportLiveQuestion} />;
}
