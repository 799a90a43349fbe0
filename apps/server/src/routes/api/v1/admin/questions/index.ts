import {
  adminApiPaths,
  adminQuestion,
  adminQuestionParams,
  apiMessages,
  envelope,
  keyCorrectionMessages,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../../../lib/errors.js';
import { reportsQueue } from '../../../../../services/console/reports-queue.js';
import { errors } from '../../shared.js';

/** One question as learners saw it, with its current key, for the console's reports and corrections. */
const adminQuestionRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    adminApiPaths.question,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'A question as learners saw it: text, passage, options, explanation and key (editor)',
        description:
          'Text as written (maths in `$…$`, figures as `![alt](media:…)`), its open reports and the ' +
          'completed sessions a key correction would rescore.',
        security: [{ bearer: [] }],
        params: adminQuestionParams,
        response: { 200: envelope(adminQuestion), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const data = await reportsQueue.question(fastify.db, request.params.id);
      if (!data) throw notFound(keyCorrectionMessages.questionNotFound);
      return { message: apiMessages.ok, data };
    },
  );
};
export default adminQuestionRoute;
