import { AttemptsScreen } from '../../features/results/components/AttemptsScreen';

/** /attempts/:entityType/:entityId — 'Assessment Attempts' (issue 6). */
export default function AttemptsPage() {
  return <AttemptsScreen />;
}
