import {
  adminLiveTestDetail,
  adminLiveTestMessages as messages,
  adminLiveTestPaths as paths,
  envelope,
  liveTestIdParams,
  reopenBody,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../../../plugins/app/console.js';
import {
  cancelLiveTest,
  releaseResults,
  reopenForLearner,
} from '../../../../../services/console/live-test-writes.js';
import { liveTestsRepository } from '../../../../../services/console/live-tests-repository.js';
import { errors } from '../../shared.js';

/**
 * What operators do to a live test once scheduled (admin, editor), each audited: cancel it before it
 * opens, re-open a window for one learner with a reason, release results held for checking.
 * (`…/{id}/cancel`, `…/{id}/reopen`, `…/{id}/release`.)
 */
const adminScheduledTestActionsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const schema = (summary: string, description: string) => ({
    tags: ['admin'],
    summary,
    description,
    security: [{ bearer: [] }],
    params: liveTestIdParams,
    response: { 200: envelope(adminLiveTestDetail), ...errors(400, 401, 403, 404, 409) },
  });

  fastify.post(
    paths.cancel,
    {
      onRequest: fastify.requireRole('editor'),
      schema: schema(
        'Cancel a live test that has not opened (admin, editor)',
        'Learners no longer see it; its paper returns to the bank at once. 409 once it has opened.',
      ),
    },
    async (request) => ({
      message: messages.cancelled,
      data: await cancelLiveTest(fastify.db, actorOf(request), request.params.id),
    }),
  );

  fastify.post(
    paths.reopen,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        ...schema(
          'Re-open a live test for one learner, with a reason (admin, editor)',
          'The learner by `email` (404 with the reason for an email without an account or not among the ' +
            'test’s learners). A new window from now, `minutes` long (the test’s duration by default), for that learner ' +
            'alone: their earlier attempt is replaced and the new one is ranked with the rest; the ' +
            'ranking and everyone’s results wait for the window. 409 before the test opens or once ranked.',
        ),
        body: reopenBody,
      },
    },
    async (request) => {
      const data = await reopenForLearner(fastify.db, actorOf(request), request.params.id, request.body);
      return { message: messages.reopened(request.body.email), data };
    },
  );

  fastify.post(
    paths.release,
    {
      onRequest: fastify.requireRole('editor'),
      schema: schema(
        'Release the results of a test held for checking (admin, editor)',
        'For `release: manual` tests after their last window closed; the ranking follows at once and ' +
          'the paper returns to the bank.',
      ),
    },
    async (request) => {
      const { id } = request.params;
      await releaseResults(fastify.db, actorOf(request), id);
      // Rank now, so the learners' results open with the release (the job would within seconds).
      await fastify.liveTests
        .rankDue()
        .catch((error: unknown) => request.log.warn({ err: error }, 'ranking after a release failed'));
      return { message: messages.released, data: (await liveTestsRepository.detail(fastify.db, id))! };
    },
  );
};
export default adminScheduledTestActionsRoutes;
