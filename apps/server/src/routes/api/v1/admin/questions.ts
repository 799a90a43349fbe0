import {
  adminApiPaths,
  apiMessages,
  bankBulkBody,
  bankBulkResult,
  bankMessages,
  bankPage,
  bankQuery,
  envelope,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../../plugins/app/console.js';
import { bankRepository } from '../../../../services/bank/bank-repository.js';
import { applyBulk } from '../../../../services/bank/bank-writes.js';
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

  fastify.post(
    adminApiPaths.questionsBulk,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'A bulk change to up to 500 questions: set their status, or move them to a topic (editor)',
        description:
          '`set-status`: `approved` (drawn), `draft`, `review` or `retired` (drawn no more; past results unchanged). ' +
          '`move`: to a topic of the questions’ own subject. All or nothing; one audit row per question ' +
          'changed; `changed` leaves out those already as asked.',
        security: [{ bearer: [] }],
        body: bankBulkBody,
        response: { 200: envelope(bankBulkResult), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const result = await applyBulk(fastify.db, actorOf(request), request.body);
      return { message: bankMessages.changed(result.changed), data: result };
    },
  );
};
export default adminQuestionsRoutes;
