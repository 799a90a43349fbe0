import { apiPaths, type CreateAssessmentBody, type SessionData } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** POST /v1/assessment → 201 {assessment, evaluation[]}. */
export const createAssessmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    createAssessment: build.mutation<SessionData, CreateAssessmentBody>({
      query: (body) => ({ url: apiPaths.assessments, method: 'POST', body }),
    }),
  }),
});
