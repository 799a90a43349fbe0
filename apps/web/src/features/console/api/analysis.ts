import {
  analysisApiPaths,
  type AnalyticsLiveTests,
  type BatchAnalytics,
  type BatchTestAnalytics,
  type ItemAnalysisData,
} from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** Fills `:name` segments of a console path. */
export const fillPath = (path: string, values: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));

/** Item analysis (editors, admins) and batch analytics (teachers): read fresh each time, never cached. */
export const analysisApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTestItemAnalysis: build.query<ItemAnalysisData, string>({
      query: (id) => ({ url: fillPath(analysisApiPaths.testItemAnalysis, { id }) }),
      keepUnusedDataFor: 0,
    }),
    getModuleItemAnalysis: build.query<ItemAnalysisData, string>({
      query: (slug) => ({ url: fillPath(analysisApiPaths.moduleItemAnalysis, { slug }) }),
      keepUnusedDataFor: 0,
    }),
    getAnalyticsLiveTests: build.query<AnalyticsLiveTests, { batchId?: string }>({
      query: (params) => ({ url: analysisApiPaths.analyticsLiveTests, params }),
      keepUnusedDataFor: 0,
    }),
    getBatchAnalytics: build.query<BatchAnalytics, string>({
      query: (id) => ({ url: fillPath(analysisApiPaths.analyticsBatch, { id }) }),
      keepUnusedDataFor: 0,
    }),
    getBatchTestAnalytics: build.query<BatchTestAnalytics, { id: string; testId: string }>({
      query: (params) => ({ url: fillPath(analysisApiPaths.analyticsBatchTest, params) }),
      keepUnusedDataFor: 0,
    }),
  }),
});
export const {
  useGetTestItemAnalysisQuery,
  useGetModuleItemAnalysisQuery,
  useGetAnalyticsLiveTestsQuery,
  useGetBatchAnalyticsQuery,
  useGetBatchTestAnalyticsQuery,
} = analysisApi;
