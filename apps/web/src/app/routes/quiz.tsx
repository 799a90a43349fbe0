import { QuizScreen } from '../../features/quiz/components/QuizScreen';

/** /quiz/exam/:examId/:type/:moduleId/:subjectId?/:topicId? — the CBT quiz screen (issue 5). */
export default function QuizPage() {
  return <QuizScreen />;
}
