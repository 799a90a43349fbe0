import { AttemptsScreen } from '../../features/results/components/AttemptsScreen';

/** /attempts/:entityType/:entityId — 'Assessment Attempts' (docs/product.md#attempts-screen). */
export default function AttemptsPage() {
  return <AttemptsScreen />;
}
