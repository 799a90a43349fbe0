import { apiPaths } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';
import type { MistakesPage, MistakeView } from '../types';

export const MISTAKES_PAGE_SIZE = 10;

export interface MistakesArgs {
  examSlug?: string | undefined;
  subjectSlug?: string | undefined;
  topicSlug?: string | undefined;
  page: number;
  limit: number;
}

// TODO(contract): the API's item, mapped to the screen's view.
type ApiMistake = MistakeView;
const toView = (item: ApiMistake): MistakeView => item;

/** GET /v1/mistakes?examSlug&subjectSlug&topicSlug&page&limit — the learner's notebook, a page. */
export const getMistakesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMistakes: build.query<MistakesPage, MistakesArgs>({
      query: ({ examSlug, subjectSlug, topicSlug, page, limit }) => ({
        url: apiPaths.mistakes,
        params: {
          ...(examSlug ? { examSlug } : {}),
          ...(subjectSlug ? { subjectSlug } : {}),
          ...(topicSlug ? { topicSlug } : {}),
          page,
          limit,
        },
      }),
      transformResponse: (data: { mistakes: ApiMistake[]; total: number }) => ({
        mistakes: data.mistakes.map(toView),
        total: data.total,
      }),
      providesTags: ['Mistakes'],
    }),
  }),
});
export const { useGetMistakesQuery } = getMistakesApi;
