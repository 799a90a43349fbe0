import {
  analysisApiPaths,
  analyticsLiveTests as liveTestsSchema,
  analyticsTestsQuery,
  apiMessages,
  batchAnalytics as batchSchema,
  batchIdParams,
  batchTestAnalytics as batchTestSchema,
  batchTestParams,
  envelope,
} from '@ai-tutor/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../../../plugins/app/console.js';
import {
  analyticsLiveTests,
  batchAnalytics,
  batchTestAnalytics,
} from '../../../../services/analysis/batch-analytics.js';
import { errors } from '../shared.js';

/** A teacher's reach is their batches; admins (and editors, for the list of tests) see everything. */
const teacherScope = (request: FastifyRequest) => {
  const staff = staffOf(request);
  return staff.roles.includes('admin') || staff.roles.includes('editor') ? undefined : staff.userId;
};

/**
 * Batch analytics for teachers (docs/item-analysis.md#batch-analytics): a batch's accuracy per subject
 * and topic and its learners' percentile trends, a live test's leaderboard within a batch, and the
 * live tests to choose from. A batch the teacher is not assigned to is 404.
 */
const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    analysisApiPaths.analyticsLiveTests,
    {
      onRequest: fastify.requireRole('teacher', 'editor'),
      schema: {
        tags: ['admin'],
        summary: 'Live tests that have opened, with their takers (a teacher: those their learners took)',
        security: [{ bearer: [] }],
        querystring: analyticsTestsQuery,
        response: { 200: envelope(liveTestsSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await analyticsLiveTests(fastify.db, teacherScope(request), request.query.batchId),
    }),
  );

  fastify.get(
    analysisApiPaths.analyticsBatch,
    {
      onRequest: fastify.requireRole('teacher'),
      schema: {
        tags: ['admin'],
        summary: "A batch's accuracy by subject and topic, percentile trends, learners to follow up",
        security: [{ bearer: [] }],
        params: batchIdParams,
        response: { 200: envelope(batchSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = staffOf(request).roles.includes('admin') ? undefined : staffOf(request).userId;
      return { message: apiMessages.ok, data: await batchAnalytics(fastify.db, request.params.id, scope) };
    },
  );

  fastify.get(
    analysisApiPaths.analyticsBatchTest,
    {
      onRequest: fastify.requireRole('teacher'),
      schema: {
        tags: ['admin'],
        summary: "A live test's leaderboard and score distribution within a batch",
        security: [{ bearer: [] }],
        params: batchTestParams,
        response: { 200: envelope(batchTestSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = staffOf(request).roles.includes('admin') ? undefined : staffOf(request).userId;
      const { id, testId } = request.params;
      return { message: apiMessages.ok, data: await batchTestAnalytics(fastify.db, id, testId, scope) };
    },
  );
};
export default adminAnalyticsRoutes;
