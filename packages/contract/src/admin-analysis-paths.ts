/**
 * The paths of item analysis, results exports and batch analytics, relative to `/api` as apiPaths
 * are. Without zod, as admin-paths.ts: the web console imports only paths and types.
 */
export const analysisApiPaths = {
  testItemAnalysis: '/v1/admin/scheduled-tests/:id/item-analysis',
  testItemAnalysisCsv: '/v1/admin/scheduled-tests/:id/item-analysis.csv',
  testResultsCsv: '/v1/admin/scheduled-tests/:id/results.csv',
  testResultsXlsx: '/v1/admin/scheduled-tests/:id/results.xlsx',
  moduleItemAnalysis: '/v1/admin/modules/:slug/item-analysis',
  moduleItemAnalysisCsv: '/v1/admin/modules/:slug/item-analysis.csv',
  analyticsLiveTests: '/v1/admin/analytics/live-tests',
  analyticsBatch: '/v1/admin/analytics/batches/:id',
  analyticsBatchTest: '/v1/admin/analytics/batches/:id/live-tests/:testId',
} as const;

/** Days without a completed attempt after which the analytics call a learner inactive. */
export const INACTIVE_AFTER_DAYS = 7;
