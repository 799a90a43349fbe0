/** The review summary in the API's shape (GET /v1/review/summary), for the review screens' tests. */
import type { ReviewSummaryData } from '@ai-tutor/contract';

const counts = (dueNow: number, dueToday: number, total: number) => ({ dueNow, dueToday, total });
const jee = { id: 'x1', name: 'JEE Main (Practice)', slug: 'jee-main-practice' };
const neet = { id: 'x2', name: 'NEET', slug: 'neet' };

/** JEE: Physics (dueNow due now) and Chemistry (none now); NEET: Biology (1 now). */
export const reviewSummary = (dueNow = 5): ReviewSummaryData => ({
  ...counts(dueNow + 1, dueNow + 3, 12),
  exam: null,
  nextDueAt: '2026-03-01T10:00:00.000Z',
  subjects: [
    {
      ...counts(dueNow, dueNow + 1, 6),
      subject: { id: 's1', name: 'Physics', slug: 'jee-physics' },
      exam: jee,
    },
    { ...counts(0, 1, 3), subject: { id: 's2', name: 'Chemistry', slug: 'jee-chemistry' }, exam: jee },
    { ...counts(1, 1, 3), subject: { id: 's3', name: 'Biology', slug: 'neet-biology' }, exam: neet },
  ],
});

export const emptySummary = (): ReviewSummaryData => ({
  ...counts(0, 0, 0),
  exam: null,
  nextDueAt: null,
  subjects: [],
});
