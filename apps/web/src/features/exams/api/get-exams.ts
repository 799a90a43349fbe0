import { apiPaths, type ExamsList } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

export interface ExamsPageArgs {
  page: number;
  limit: number;
}

/** GET /api/v1/exams?page&limit — a page of exams with their modules, subjects and topics. */
export const getExamsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExams: build.query<ExamsList, ExamsPageArgs>({
      query: ({ page, limit }) => ({ url: apiPaths.exams, params: { page, limit } }),
      providesTags: ['Exams'],
    }),
  }),
});
export const { useGetExamsQuery } = getExamsApi;
