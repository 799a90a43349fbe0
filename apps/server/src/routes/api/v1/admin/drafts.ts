import {
  adminPeoplePaths,
  apiMessages,
  draftsDecision,
  draftsDecisionBody,
  draftsPage,
  draftsQuery,
  envelope,
  peopleMessages,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../../plugins/app/console.js';
import { approveDrafts, rejectDrafts } from '../../../../services/ai/question-review.js';
import { draftsPage as listDrafts } from '../../../../services/console/drafts.js';
import { errors } from '../shared.js';

/**
 * Draft questions awaiting review (editors): listed, approved (quizzes serve them from then on) or
 * rejected (deleted, unless a past quiz refers to one), each decision audited. The CLI's
 * `questions approve|reject` share the service.
 */
const adminDraftsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    adminPeoplePaths.drafts,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'Draft questions awaiting review, oldest first (editor)',
        security: [{ bearer: [] }],
        querystring: draftsQuery,
        response: { 200: envelope(draftsPage), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ message: apiMessages.ok, data: await listDrafts(fastify.db, request.query) }),
  );

  for (const [path, decide, message, summary] of [
    [adminPeoplePaths.draftsApprove, approveDrafts, peopleMessages.draftsApproved, 'Approve drafts (editor)'],
    [adminPeoplePaths.draftsReject, rejectDrafts, peopleMessages.draftsRejected, 'Reject drafts (editor)'],
  ] as const)
    fastify.post(
      path,
      {
        onRequest: fastify.requireRole('editor'),
        schema: {
          tags: ['admin'],
          summary,
          description:
            'Ids that are not drafts come back in `notDrafts`; a rejected draft that a past quiz refers to ' +
            'is kept (`inUse`). Every question decided is an audit row.',
          security: [{ bearer: [] }],
          body: draftsDecisionBody,
          response: { 200: envelope(draftsDecision), ...errors(400, 401, 403) },
        },
      },
      async (request) => {
        const data = await decide(fastify.db, request.body.ids, actorOf(request), request.body.reason);
        return { message: message(data.done.length), data };
      },
    );
};
export default adminDraftsRoutes;
