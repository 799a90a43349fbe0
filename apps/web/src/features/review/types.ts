import type { DueCounts } from './components/DueCard';

export type { DueCounts };

/** The review queue's counts as the screens use them (mapped from the API in api/get-review-summary.ts). */
export interface ReviewSummaryView {
  overall: DueCounts;
  exams: Array<{
    slug: string;
    name: string;
    counts: DueCounts;
    subjects: Array<{ slug: string; name: string; counts: DueCounts }>;
  }>;
}
