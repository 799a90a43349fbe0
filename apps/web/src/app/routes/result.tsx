import { ResultScreen } from '../../features/results/components/ResultScreen';

/** /quiz/result/:assessmentId — 'Test Analysis' (issue 6). */
export default function ResultPage() {
  return <ResultScreen />;
}
