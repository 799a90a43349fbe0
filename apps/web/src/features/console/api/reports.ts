import {
  adminApiPaths,
  type AdminQuestion,
  type KeyCorrectionBody,
  type KeyCorrectionResult,
  type ReportsPage,
  type ReportsQuery,
  type ResolveReportsBody,
  type ResolveReportsResult,
} from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

const withParam = (path: string, name: string, value: string) =>
  path.replace(`:${name}`, encodeURIComponent(value));

/*
 * The reports queue and key corrections. No cache tags (see batches.ts): a screen refetches what its
 * write changed.
 */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReports: build.query<ReportsPage, ReportsQuery>({
      query: (params) => ({ url: adminApiPaths.reports, params }),
      keepUnusedDataFor: 0,
    }),
    getAdminQuestion: build.query<AdminQuestion, string>({
      query: (id) => ({ url: withParam(adminApiPaths.question, 'id', id) }),
      keepUnusedDataFor: 0,
    }),
    resolveReports: build.mutation<ResolveReportsResult, ResolveReportsBody & { questionId: string }>({
      query: ({ questionId, ...body }) => ({
        url: withParam(adminApiPaths.reportsResolve, 'questionId', questionId),
        method: 'POST',
        body,
      }),
    }),
    correctKey: build.mutation<KeyCorrectionResult, { questionId: string; body: KeyCorrectionBody }>({
      query: ({ questionId, body }) => ({
        url: withParam(adminApiPaths.keyCorrections, 'id', questionId),
        method: 'POST',
        body,
      }),
    }),
  }),
});
export const {
  useGetReportsQuery,
  useGetAdminQuestionQuery,
  useResolveReportsMutation,
  useCorrectKeyMutation,
} = reportsApi;
