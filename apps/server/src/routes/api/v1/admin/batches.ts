import {
  adminApiPaths,
  apiMessages,
  batchDetail,
  batchIdParams,
  batch,
  batchWriteResult,
  consoleMessages,
  createBatchBody,
  envelope,
  page,
  pageQuery,
  updateBatchBody,
} from '@ai-tutor/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../../lib/errors.js';
import { actorOf, staffOf } from '../../../../plugins/app/console.js';
import { createBatch, updateBatch } from '../../../../services/console/batch-writes.js';
import { batchesRepository } from '../../../../services/console/batches-repository.js';
import { errors } from '../shared.js';

/** A teacher's reach is the batches they are assigned to; an admin's is every batch. */
const teacherScope = (request: FastifyRequest) => {
  const staff = staffOf(request);
  return staff.roles.includes('admin') ? undefined : staff.userId;
};

/**
 * Batches (docs/decisions/0022-batches-and-learners.md): admins create and change them, add and remove
 * members by email and assign teachers; a teacher reads only the batches they are assigned to (any
 * other is 404). The guard runs on request, before the body is read: a learner is refused (403) before
 * anything they sent is looked at.
 */
const adminBatchesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    adminApiPaths.batches,
    {
      onRequest: fastify.requireRole('teacher'),
      schema: {
        tags: ['admin'],
        summary: 'Batches (admin; a teacher: their own)',
        security: [{ bearer: [] }],
        querystring: pageQuery,
        response: { 200: envelope(page(batch)), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await batchesRepository.page(fastify.db, request.query, teacherScope(request)),
    }),
  );

  fastify.post(
    adminApiPaths.batches,
    {
      onRequest: fastify.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Create a batch, optionally with members by email (admin)',
        description: 'Emails without an account come back in `unknownEmails`; the others are added.',
        security: [{ bearer: [] }],
        body: createBatchBody,
        response: { 201: envelope(batchWriteResult), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const data = await createBatch(fastify.db, actorOf(request), request.body);
      return reply.code(201).send({ message: consoleMessages.batchCreated, data });
    },
  );

  fastify.get(
    adminApiPaths.batch,
    {
      onRequest: fastify.requireRole('teacher'),
      schema: {
        tags: ['admin'],
        summary: 'A batch with its members and teachers (admin; a teacher: their own)',
        security: [{ bearer: [] }],
        params: batchIdParams,
        response: { 200: envelope(batchDetail), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const data = await batchesRepository.detail(fastify.db, request.params.id, teacherScope(request));
      if (!data) throw notFound(consoleMessages.batchNotFound);
      return { message: apiMessages.ok, data };
    },
  );

  fastify.patch(
    adminApiPaths.batch,
    {
      onRequest: fastify.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Rename, describe, add or remove members by email, assign teachers (admin)',
        description:
          'Members and teachers are added by email (`addEmails`, `addTeacherEmails`: accounts holding ' +
          'the teacher role) and removed by id. Emails that match nobody come back in `unknownEmails`.',
        security: [{ bearer: [] }],
        params: batchIdParams,
        body: updateBatchBody,
        response: { 200: envelope(batchWriteResult), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: consoleMessages.batchUpdated,
      data: await updateBatch(fastify.db, actorOf(request), request.params.id, request.body),
    }),
  );
};
export default adminBatchesRoutes;
