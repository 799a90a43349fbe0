import {
  adminTranslationPaths as paths,
  type QuestionForEdit,
  type QuestionSaved,
  type TranslationDraftOutcome,
  type TranslationJob,
} from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

const fill = (path: string, values: Record<string, string>) =>
  Object.entries(values).reduce((p, [name, value]) => p.replace(`:${name}`, encodeURIComponent(value)), path);

/*
 * A question's translations in the editor (docs/languages.md#the-console): an admin approves or rejects a draft;
 * the AI drafts one question's missing translations, or an exam's as a job polled here. No cache tags
 * (as question-edit.ts): the editor takes the question each answers.
 */
export const translationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    approveTranslation: build.mutation<QuestionSaved, { id: string; lang: string }>({
      query: ({ id, lang }) => ({ url: fill(paths.questionApprove, { id, lang }), method: 'POST' }),
    }),
    rejectTranslation: build.mutation<QuestionSaved, { id: string; lang: string }>({
      query: ({ id, lang }) => ({ url: fill(paths.questionReject, { id, lang }), method: 'POST' }),
    }),
    draftQuestionTranslations: build.mutation<
      { question: QuestionForEdit; outcomes: TranslationDraftOutcome[] },
      { id: string }
    >({
      query: ({ id }) => ({ url: fill(paths.questionDraft, { id }), method: 'POST', body: {} }),
    }),
    draftExamTranslations: build.mutation<TranslationJob, { slug: string; lang: string }>({
      query: ({ slug, lang }) => ({ url: fill(paths.examDraft, { slug }), method: 'POST', body: { lang } }),
    }),
    getTranslationJob: build.query<TranslationJob, string>({
      query: (id) => ({ url: fill(paths.job, { id }) }),
      keepUnusedDataFor: 0,
    }),
  }),
});
export const {
  useApproveTranslationMutation,
  useRejectTranslationMutation,
  useDraftQuestionTranslationsMutation,
  useDraftExamTranslationsMutation,
  useGetTranslationJobQuery,
} = translationsApi;
