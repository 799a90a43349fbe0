import { apiPaths, type ReviewSummaryData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';
import type { ReviewSummaryView } from '../types';

/** The server's per-subject counts grouped by exam, in the order the server lists them. */
export function toView(data: ReviewSummaryData): ReviewSummaryView {
  const exams = new Map<string, ReviewSummaryView['exams'][number]>();
  for (const row of data.subjects) {
    let exam = exams.get(row.exam.slug);
    if (!exam) {
      exam = {
        slug: row.exam.slug,
        name: row.exam.name,
        counts: { dueNow: 0, dueToday: 0, total: 0 },
        subjects: [],
      };
      exams.set(row.exam.slug, exam);
    }
    const counts = { dueNow: row.dueNow, dueToday: row.dueToday, total: row.total };
    exam.counts = {
      dueNow: exam.counts.dueNow + counts.dueNow,
      dueToday: exam.counts.dueToday + counts.dueToday,
      total: exam.counts.total + counts.total,
    };
    exam.subjects.push({ slug: row.subject.slug, name: row.subject.name, counts });
  }
  return {
    overall: { dueNow: data.dueNow, dueToday: data.dueToday, total: data.total },
    exams: [...exams.values()],
  };
}

/**
 * GET /v1/review/summary?tzOffsetMinutes — due now, due today (before the learner's own midnight) and
 * total, overall and per subject; the screens group the subjects by exam.
 */
export const getReviewSummaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReviewSummary: build.query<ReviewSummaryView, void>({
      query: () => ({
        url: apiPaths.reviewSummary,
        params: { tzOffsetMinutes: new Date().getTimezoneOffset() },
      }),
      transformResponse: toView,
      providesTags: ['Review'],
    }),
  }),
});
export const { useGetReviewSummaryQuery } = getReviewSummaryApi;
