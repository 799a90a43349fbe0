import {
  adminLiveTest,
  adminLiveTestDetail,
  adminLiveTestMessages as messages,
  adminLiveTestPaths as paths,
  adminLiveTestsQuery,
  apiMessages,
  createLiveTestBody,
  envelope,
  liveTestIdParams,
  page,
  scheduledLiveTest,
  updateLiveTestBody,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../../../lib/errors.js';
import { actorOf } from '../../../../../plugins/app/console.js';
import { scheduleErrorToApp, updateLiveTest } from '../../../../../services/console/live-test-writes.js';
import { liveTestsRepository } from '../../../../../services/console/live-tests-repository.js';
import { scheduleTest } from '../../../../../services/live-tests/schedule.js';
import { errors } from '../../shared.js';
import { reachOf } from './reach.js';

/**
 * Live tests in the console (docs/live-tests.md#from-the-console): admins and editors schedule and
 * edit them before they open; teachers read the tests of their batches (any other is 404).
 */
const adminScheduledTestsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    paths.list,
    {
      onRequest: fastify.requireRole('teacher', 'editor'),
      schema: {
        tags: ['admin'],
        summary: 'Live tests, newest window first (admin, editor; a teacher: their batches’)',
        security: [{ bearer: [] }],
        querystring: adminLiveTestsQuery,
        response: { 200: envelope(page(adminLiveTest)), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      message: apiMessages.ok,
      data: await liveTestsRepository.page(fastify.db, request.query, reachOf(request)),
    }),
  );

  fastify.post(
    paths.list,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'Schedule a live test of a module: its paper is drawn now (admin, editor)',
        description:
          'Without `batchIds` it is for every learner; with them only their members see and start it. ' +
          '`release: manual` holds results (and the paper) until POST …/{id}/release.',
        security: [{ bearer: [] }],
        body: createLiveTestBody,
        response: { 201: envelope(scheduledLiveTest), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const done = await scheduleTest(fastify.db, {
        moduleSlug: body.moduleSlug,
        opensAt: new Date(body.opensAt),
        closesAt: new Date(body.closesAt),
        ...(body.name === undefined ? {} : { name: body.name }),
        batchIds: body.batchIds ?? [],
        release: body.release,
        actor: actorOf(request),
      }).catch((error: unknown) => {
        throw scheduleErrorToApp(error);
      });
      const test = (await liveTestsRepository.one(fastify.db, done.id))!;
      return reply
        .code(201)
        .send({ message: messages.scheduled, data: { test, sharedQuestions: done.shared } });
    },
  );

  fastify.get(
    paths.one,
    {
      onRequest: fastify.requireRole('teacher', 'editor'),
      schema: {
        tags: ['admin'],
        summary: 'A live test with its progress (admin, editor; a teacher: their batches’)',
        security: [{ bearer: [] }],
        params: liveTestIdParams,
        response: { 200: envelope(adminLiveTestDetail), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const data = await liveTestsRepository.detail(fastify.db, request.params.id, reachOf(request));
      if (!data) throw notFound(messages.notFound);
      return { message: apiMessages.ok, data };
    },
  );

  fastify.patch(
    paths.one,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'Change a live test before it opens: name, window, batches, release (admin, editor)',
        description: '409 once the test has opened (or is cancelled).',
        security: [{ bearer: [] }],
        params: liveTestIdParams,
        body: updateLiveTestBody,
        response: { 200: envelope(adminLiveTestDetail), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: messages.updated,
      data: await updateLiveTest(fastify.db, actorOf(request), request.params.id, request.body),
    }),
  );
};
export default adminScheduledTestsRoutes;
