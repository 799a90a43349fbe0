import { apiPaths, buildPath, type ExamDetail } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** GET /api/v1/exams/{slug} — one exam: modules, subjects, topics and quiz sizes. */
export const getExamApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExam: build.query<ExamDetail, string>({
      query: (slug) => buildPath(apiPaths.exam, { slug }),
      providesTags: (_result, _error, slug) => [{ type: 'Exam', id: slug }],
    }),
  }),
});
export const { useGetExamQuery } = getExamApi;
