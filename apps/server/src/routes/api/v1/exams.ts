import {
  apiMessages,
  apiPaths,
  catalogueMessages,
  envelope,
  errorEnvelope,
  examDetail,
  examParams,
  examsList,
  examsQuery,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../lib/errors.js';

const guarded = { 401: errorEnvelope, 403: errorEnvelope };

/** The catalogue: signed in, verified, invite code used. */
const catalogueRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    apiPaths.exams,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['catalogue'],
        summary: 'Exams with their modules, subjects and topics, a page at a time',
        security: [{ bearer: [] }],
        querystring: examsQuery,
        response: { 200: envelope(examsList), 400: errorEnvelope, ...guarded },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await fastify.catalogue.exams(request.query.page, request.query.limit),
    }),
  );

  fastify.get(
    apiPaths.exam,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['catalogue'],
        summary: 'One exam by slug: modules, subjects, topics, quiz sizes (no question content)',
        security: [{ bearer: [] }],
        params: examParams,
        response: { 200: envelope(examDetail), 400: errorEnvelope, 404: errorEnvelope, ...guarded },
      },
    },
    async (request) => {
      const exam = await fastify.catalogue.exam(request.params.slug);
      if (!exam) throw notFound(catalogueMessages.examNotFound);
      return { message: apiMessages.ok, data: exam };
    },
  );
};
export default catalogueRoutes;
