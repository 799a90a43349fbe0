import { useLocation } from 'react-router';
import { QuizScreen } from '../../features/quiz/components/QuizScreen';

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
  return <QuizScreen mode={mode} />;
}
