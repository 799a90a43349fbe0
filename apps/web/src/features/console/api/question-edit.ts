import {
  adminEditPaths,
  type QuestionEditBody,
  type QuestionForEdit,
  type QuestionSaved,
  type QuestionVersionList,
  type VersionDiff,
} from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/*
 * The question editor (docs/question-bank.md#editing). No cache tags (see batches.ts): the editor
 * refetches its history after a save.
 */
export const questionEditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuestionForEdit: build.query<QuestionForEdit, string>({
      query: (id) => ({ url: withId(adminEditPaths.questionEdit, id) }),
      keepUnusedDataFor: 0,
    }),
    saveQuestion: build.mutation<QuestionSaved, { id: string; body: QuestionEditBody }>({
      query: ({ id, body }) => ({ url: withId(adminEditPaths.questionEdit, id), method: 'PUT', body }),
    }),
    getQuestionVersions: build.query<QuestionVersionList, string>({
      query: (id) => ({ url: withId(adminEditPaths.questionVersions, id) }),
      keepUnusedDataFor: 0,
    }),
    getVersionDiff: build.query<VersionDiff, { id: string; from: number; to: number }>({
      query: ({ id, from, to }) => ({ url: withId(adminEditPaths.questionDiff, id), params: { from, to } }),
      keepUnusedDataFor: 0,
    }),
  }),
});
export const {
  useGetQuestionForEditQuery,
  useSaveQuestionMutation,
  useGetQuestionVersionsQuery,
  useGetVersionDiffQuery,
} = questionEditApi;
