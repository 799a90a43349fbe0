import { apiPaths } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';
import type { ReviewSummaryView } from '../types';

// TODO(contract): the API's summary, mapped to the screens' view.
type ApiSummary = ReviewSummaryView;
const toView = (data: ApiSummary): ReviewSummaryView => data;

/** GET /v1/review/summary — due now, due today and total, overall and per exam and subject. */
export const getReviewSummaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReviewSummary: build.query<ReviewSummaryView, void>({
      query: () => apiPaths.reviewSummary,
      transformResponse: toView,
      providesTags: ['Review'],
    }),
  }),
});
export const { useGetReviewSummaryQuery } = getReviewSummaryApi;
