import { adminApiPaths, apiMessages, bankPage, bankQuery, envelope } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankRepository } from '../../../../services/bank/bank-repository.js';
import { errors } from '../shared.js';

/** The question bank, found by editors (docs/question-bank.md). */
const adminQuestionsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    adminApiPaths.questions,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'The question bank: a page of questions, filtered and searched (editor)',
        description:
          '`search`: words in the text, options or explanation, each also as the start of a longer word ' +
          '(PostgreSQL full-text search, English stemming). Filters by exam, module, subject and topic slug, ' +
          'type, status (`dropped`: a key correction dropped it), figures and open reports. `sort`: ' +
          '`updated`, `difficulty` (share right), `answers` or `reports`.',
        security: [{ bearer: [] }],
        querystring: bankQuery,
        response: { 200: envelope(bankPage), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await bankRepository.page(fastify.db, request.query),
    }),
  );
};
export default adminQuestionsRoutes;
