import { analysisApiPaths, apiMessages, envelope, itemAnalysisData, testIdParams } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { itemAnalysisCsv } from '../../../../../services/analysis/exports.js';
import { liveTestItemAnalysis } from '../../../../../services/analysis/item-analysis.js';
import { errors } from '../../shared.js';
import { sendCsv } from '../../../../../lib/downloads.js';

/**
 * Item analysis (docs/item-analysis.md) of a live test's takers, as JSON for the console and as CSV.
 * Editors and admins: it shows keys. Includes the sessions the server completed at the deadline.
 */
const itemAnalysisRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const json = { 200: envelope(itemAnalysisData), ...errors(400, 401, 403, 404) };
  const file = errors(400, 401, 403, 404);

  fastify.get(
    analysisApiPaths.testItemAnalysis,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: "A live test's item analysis (editor, admin)",
        security: [{ bearer: [] }],
        params: testIdParams,
        response: json,
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await liveTestItemAnalysis(fastify.db, request.params.id),
    }),
  );

  fastify.get(
    analysisApiPaths.testItemAnalysisCsv,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: "A live test's item analysis as CSV (editor, admin)",
        security: [{ bearer: [] }],
        params: testIdParams,
        response: file,
      },
    },
    async (request, reply) => {
      const data = await liveTestItemAnalysis(fastify.db, request.params.id);
      return sendCsv(reply, `${data.scope.name} item analysis`, itemAnalysisCsv(data));
    },
  );
};
export default itemAnalysisRoutes;
