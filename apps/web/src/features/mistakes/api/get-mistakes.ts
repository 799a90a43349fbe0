import { apiPaths, type Mistake, type MistakeKind, type MistakesData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';
import type { MistakesPage, MistakeView } from '../types';

export const MISTAKES_PAGE_SIZE = 10;

export interface MistakesArgs {
  examSlug?: string | undefined;
  subjectSlug?: string | undefined;
  topicSlug?: string | undefined;
  kind?: MistakeKind | undefined;
  page: number;
  limit: number;
}

/** Why a question is in the notebook: its last answer was wrong, left blank, or right but a guess. */
function whyOf(item: Mistake): MistakeView['why'] {
  if (item.outcome === 'unattempted') return 'unattempted';
  if (item.outcome === 'correct') return 'guess';
  return 'wrong';
}

const toView = (item: Mistake): MistakeView => ({
  id: item.questionId,
  questionId: item.questionId,
  // The AI tutor explains an evaluation (POST /v1/evaluations/:id/explain): shown when the item says
  // which one its last answer was.
  evaluationId: item.evaluationId,
  why: whyOf(item),
  questionText: item.questionText,
  passage: item.passage,
  options: item.options,
  yourAnswer: item.yourAnswer,
  key: item.keyText,
  correctOptions: item.correctOptions,
  explanation: item.explanation,
  exam: item.exam,
  subject: item.subject,
  topic: item.topic,
  ...(item.languages ? { languages: item.languages, translations: item.translations } : {}),
});

/** GET /v1/mistakes?examSlug&subjectSlug&topicSlug&kind&page&limit — the learner's notebook, a page. */
export const getMistakesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMistakes: build.query<MistakesPage, MistakesArgs>({
      query: ({ examSlug, subjectSlug, topicSlug, kind, page, limit }) => ({
        url: apiPaths.mistakes,
        params: {
          ...(examSlug ? { examSlug } : {}),
          ...(subjectSlug ? { subjectSlug } : {}),
          ...(topicSlug ? { topicSlug } : {}),
          ...(kind ? { kind } : {}),
          page,
          limit,
        },
      }),
      transformResponse: (data: MistakesData) => ({
        mistakes: data.mistakes.map(toView),
        total: data.total,
      }),
      providesTags: ['Mistakes'],
    }),
  }),
});
export const { useGetMistakesQuery } = getMistakesApi;
