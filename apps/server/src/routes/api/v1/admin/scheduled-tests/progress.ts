import {
  adminLiveTestMessages as messages,
  adminLiveTestPaths as paths,
  apiMessages,
  envelope,
  liveTestIdParams,
  liveTestProgress,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../../../lib/errors.js';
import { liveTestsRepository } from '../../../../../services/console/live-tests-repository.js';
import { errors } from '../../shared.js';
import { reachOf } from './reach.js';

/** Watching a live test: started, submitted, running now, and the windows re-opened for learners. */
const adminScheduledTestProgressRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    paths.progress,
    {
      onRequest: fastify.requireRole('teacher', 'editor'),
      schema: {
        tags: ['admin'],
        summary: 'A live test’s progress (admin, editor; a teacher: their batches’)',
        security: [{ bearer: [] }],
        params: liveTestIdParams,
        response: { 200: envelope(liveTestProgress), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await liveTestsRepository.one(fastify.db, id, reachOf(request))))
        throw notFound(messages.notFound);
      return { message: apiMessages.ok, data: await liveTestsRepository.progress(fastify.db, id) };
    },
  );
};
export default adminScheduledTestProgressRoute;
