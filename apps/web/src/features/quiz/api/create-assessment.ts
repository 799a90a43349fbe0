import { apiPaths, type CreateAssessmentBody, type SessionData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';
import { withRetryAfter } from '../../../lib/retry-after';

/**
 * POST /v1/assessment → 201 {assessment, evaluation[]}, or 200 with the scope's running attempt
 * (docs/product.md#running-attempts). A 503 carries Retry-After (the exam-day queue is full); it is kept on the error.
 */
export const createAssessmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    createAssessment: build.mutation<SessionData, CreateAssessmentBody>({
      query: (body) => ({ url: apiPaths.assessments, method: 'POST', body }),
      transformErrorResponse: withRetryAfter,
    }),
  }),
});
