import {
  adminApiPaths,
  apiMessages,
  envelope,
  keyCorrectionMessages,
  reportQuestionParams,
  reportsPage,
  reportsQuery,
  resolveReportsBody,
  resolveReportsResult,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../../lib/errors.js';
import { actorOf } from '../../../../plugins/app/console.js';
import { reportsQueue } from '../../../../services/console/reports-queue.js';
import { errors } from '../shared.js';

/**
 * The reports queue (docs/product.md#key-corrections): learners' reports by question, for editors;
 * resolving or dismissing a question's open reports, audited. A key correction resolves them too.
 */
const adminReportsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    adminApiPaths.reports,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'Learners’ reports grouped by question: counts per reason, notes, who and when (editor)',
        description:
          '`status`: `open` (default), `resolved` or `all`. Most reported questions first, then the most ' +
          'recently reported; each question carries its reports of that status, newest first.',
        security: [{ bearer: [] }],
        querystring: reportsQuery,
        response: { 200: envelope(reportsPage), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await reportsQueue.page(fastify.db, request.query),
    }),
  );

  fastify.post(
    adminApiPaths.reportsResolve,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'Resolve or dismiss a question’s open reports (editor)',
        description:
          '`{dismiss?, note?}`: resolved (the question was fixed) or dismissed (the reports were not ' +
          'right), with a note the audit row keeps. No open reports: nothing is written.',
        security: [{ bearer: [] }],
        params: reportQuestionParams,
        body: resolveReportsBody,
        response: { 200: envelope(resolveReportsResult), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { questionId } = request.params;
      const resolved = await reportsQueue.resolve(fastify.db, actorOf(request), questionId, request.body);
      if (resolved === undefined) throw notFound(keyCorrectionMessages.questionNotFound);
      return {
        message: !resolved
          ? keyCorrectionMessages.noOpenReports
          : request.body.dismiss
            ? keyCorrectionMessages.reportsDismissed(resolved)
            : keyCorrectionMessages.reportsResolved(resolved),
        data: { questionId, resolved },
      };
    },
  );
};
export default adminReportsRoutes;
