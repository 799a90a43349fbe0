import { QuizScreen } from '../../features/quiz/components/QuizScreen';

/** /review/:examId/session — the exam's due questions, interleaved across topics, untimed (DESIGN.md §6.2). */
export default function ReviewSessionPage() {
  return <QuizScreen mode="review" />;
}
