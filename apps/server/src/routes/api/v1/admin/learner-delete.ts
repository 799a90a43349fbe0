import {
  adminDeleteLearnerBody,
  consoleMessages,
  deletedAccount,
  envelope,
  learnerIdParams,
  myDataMessages,
  myDataPaths,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../../lib/errors.js';
import { actorOf } from '../../../../plugins/app/console.js';
import { eraseAccount, holdsRole, lockForErase } from '../../../../services/accounts/erase-account.js';
import { errors } from '../shared.js';

/**
 * An admin deletes a learner's account, as the learner could from their profile page
 * (docs/decisions/0023-learners-data-and-backups.md): the same erasing, in one transaction with its
 * audit row and the admin's reason. A console user's account is not a learner's (404, as the other
 * learner routes answer for it).
 */
const adminLearnerDeleteRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.delete(
    myDataPaths.adminLearner,
    {
      onRequest: fastify.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Delete a learner’s account (admin)',
        description:
          'Every session ends; name, email, phone, written answers, posts and the LinkedIn token are ' +
          'erased; live-test rankings keep an anonymous row. The reason is kept in the audit log.',
        security: [{ bearer: [] }],
        params: learnerIdParams,
        body: adminDeleteLearnerBody,
        response: { 200: envelope(deletedAccount), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const actor = actorOf(request);
      const deletedAt = await fastify.db.transaction(async (tx) => {
        const learner = await lockForErase(tx, id);
        if (!learner || (await holdsRole(tx, id))) throw notFound(consoleMessages.learnerNotFound);
        return eraseAccount(tx, actor, learner, request.body.reason);
      });
      return { message: myDataMessages.learnerDeleted, data: { id, deletedAt: deletedAt.toISOString() } };
    },
  );
};
export default adminLearnerDeleteRoute;
