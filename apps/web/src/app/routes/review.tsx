import { ReviewScreen } from '../../features/review/components/ReviewScreen';

/** /review — due counts per exam and subject, and the start of a review session. */
export default function ReviewPage() {
  return <ReviewScreen />;
}
