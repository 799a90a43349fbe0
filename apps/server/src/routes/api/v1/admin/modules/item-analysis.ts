import {
  analysisApiPaths,
  apiMessages,
  envelope,
  itemAnalysisData,
  moduleSlugParams,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../../../../lib/downloads.js';
import { itemAnalysisCsv } from '../../../../../services/analysis/exports.js';
import { moduleItemAnalysis } from '../../../../../services/analysis/item-analysis.js';
import { errors } from '../../shared.js';

/**
 * Item analysis of a module (docs/item-analysis.md#a-module): each learner's first completed ordinary
 * mock test of it, as JSON and CSV. Editors and admins.
 */
const moduleItemAnalysisRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const json = { 200: envelope(itemAnalysisData), ...errors(400, 401, 403, 404) };
  const file = errors(400, 401, 403, 404);

  fastify.get(
    analysisApiPaths.moduleItemAnalysis,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: "A module's item analysis over learners' first mock tests (editor, admin)",
        security: [{ bearer: [] }],
        params: moduleSlugParams,
        response: json,
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await moduleItemAnalysis(fastify.db, request.params.slug),
    }),
  );

  fastify.get(
    analysisApiPaths.moduleItemAnalysisCsv,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: "A module's item analysis as CSV (editor, admin)",
        security: [{ bearer: [] }],
        params: moduleSlugParams,
        response: file,
      },
    },
    async (request, reply) => {
      const data = await moduleItemAnalysis(fastify.db, request.params.slug);
      return sendCsv(reply, `${data.scope.name} item analysis`, itemAnalysisCsv(data));
    },
  );
};
export default moduleItemAnalysisRoutes;
