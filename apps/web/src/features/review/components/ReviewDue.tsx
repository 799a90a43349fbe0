import { useGetReviewSummaryQuery } from '../api/get-review-summary';
import { DueCard } from './DueCard';

/**
 * The due card with its data: the learner's whole queue, or one exam's. Asked afresh on each visit, so
 * the count drops after a review session. A failed summary shows nothing (the page's own work goes on).
 */
export function ReviewDue({ examSlug }: { examSlug?: string }) {
  const { data } = useGetReviewSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  const counts = examSlug ? data?.exams.find((e) => e.slug === examSlug)?.counts : data?.overall;
  return <DueCard counts={counts} {...(examSlug ? { examSlug } : {})} />;
}
