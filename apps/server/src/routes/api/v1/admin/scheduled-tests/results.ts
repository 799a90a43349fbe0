import { analysisApiPaths, testIdParams } from '@ai-tutor/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../../../../plugins/app/console.js';
import { resultsCsv, resultsXlsx } from '../../../../../services/analysis/exports.js';
import { testResults } from '../../../../../services/analysis/results.js';
import { errors } from '../../shared.js';
import { sendCsv, sendXlsx } from '../../../../../lib/downloads.js';

/** Admins and editors export every taker; a teacher (holding neither) only their batches' learners. */
const teacherScope = (request: FastifyRequest) => {
  const staff = staffOf(request);
  return staff.roles.includes('admin') || staff.roles.includes('editor') ? undefined : staff.userId;
};

/**
 * A live test's results as CSV and as an Excel workbook: rank, name, email, batch, score, percentile,
 * marks per subject, correct, incorrect, unattempted and time (docs/item-analysis.md#exports).
 */
const resultsExportRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const schema = (summary: string) => ({
    tags: ['admin'],
    summary,
    security: [{ bearer: [] }],
    params: testIdParams,
    response: errors(400, 401, 403, 404),
  });

  fastify.get(
    analysisApiPaths.testResultsCsv,
    {
      onRequest: fastify.requireRole('editor', 'teacher'),
      schema: schema("A live test's results as CSV (admin, editor; a teacher: their batches)"),
    },
    async (request, reply) => {
      const results = await testResults(fastify.db, request.params.id, teacherScope(request));
      return sendCsv(reply, `${results.name} results`, resultsCsv(results));
    },
  );

  fastify.get(
    analysisApiPaths.testResultsXlsx,
    {
      onRequest: fastify.requireRole('editor', 'teacher'),
      schema: schema("A live test's results as an Excel workbook (admin, editor; a teacher: their batches)"),
    },
    async (request, reply) => {
      const results = await testResults(fastify.db, request.params.id, teacherScope(request));
      return sendXlsx(reply, `${results.name} results`, await resultsXlsx(results));
    },
  );
};
export default resultsExportRoutes;
