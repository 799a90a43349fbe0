/** The review summary in the API's shape (GET /v1/review/summary), for the review screens' tests. */
import type { ReviewSummaryView } from './types';

const counts = (dueNow: number, dueToday: number, total: number) => ({ dueNow, dueToday, total });

export const reviewSummary = (dueNow = 5): ReviewSummaryView => ({
  overall: counts(dueNow + 1, dueNow + 3, 12),
  exams: [
    {
      slug: 'jee-main-practice',
      name: 'JEE Main (Practice)',
      counts: counts(dueNow, dueNow + 2, 9),
      subjects: [
        { slug: 'jee-physics', name: 'Physics', counts: counts(dueNow, dueNow + 1, 6) },
        { slug: 'jee-chemistry', name: 'Chemistry', counts: counts(0, 1, 3) },
      ],
    },
    {
      slug: 'neet',
      name: 'NEET',
      counts: counts(1, 1, 3),
      subjects: [{ slug: 'neet-biology', name: 'Biology', counts: counts(1, 1, 3) }],
    },
  ],
});

export const emptySummary = (): ReviewSummaryView => ({ overall: counts(0, 0, 0), exams: [] });
