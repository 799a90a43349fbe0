import {
  adminApiPaths,
  apiMessages,
  consoleMessages,
  envelope,
  learnerIdParams,
  learnerRow,
  learnersPage,
  learnersQuery,
  learnerStatusBody,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../../lib/errors.js';
import { actorOf, staffOf } from '../../../../plugins/app/console.js';
import { auditRepository } from '../../../../services/console/audit-repository.js';
import { batchesRepository } from '../../../../services/console/batches-repository.js';
import { learnersRepository } from '../../../../services/console/learners-repository.js';
import { errors } from '../shared.js';

/**
 * Learners in the console (docs/decisions/0022-batches-and-learners.md): listed and searched by admins
 * and, for their batches only, teachers; disabled and re-enabled by admins.
 */
const adminLearnersRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    adminApiPaths.learners,
    {
      onRequest: fastify.requireRole('teacher'),
      schema: {
        tags: ['admin'],
        summary:
          'Learners: name, email, verified, batches, last active, attempts (admin; a teacher: their batches’)',
        description:
          '`search`: part of the name or email. `batchId`: that batch’s members (404 for a batch outside ' +
          'a teacher’s reach). Sorted by email.',
        security: [{ bearer: [] }],
        querystring: learnersQuery,
        response: { 200: envelope(learnersPage), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const teacherId = staff.roles.includes('admin') ? undefined : staff.userId;
      const { batchId } = request.query;
      if (batchId && !(await batchesRepository.detail(fastify.db, batchId, teacherId)))
        throw notFound(consoleMessages.batchNotFound);
      return {
        message: apiMessages.ok,
        data: await learnersRepository.page(fastify.db, request.query, teacherId),
      };
    },
  );

  fastify.put(
    adminApiPaths.learnerStatus,
    {
      onRequest: fastify.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Disable or re-enable a learner (admin)',
        description:
          'Disabling ends every session at once (refresh tokens revoked, access tokens refused where the ' +
          'account is read) and refuses sign-in until the learner is re-enabled.',
        security: [{ bearer: [] }],
        params: learnerIdParams,
        body: learnerStatusBody,
        response: {
          200: envelope(z.object({ id: learnerRow.shape.id, disabled: learnerRow.shape.disabled })),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { disabled, reason } = request.body;
      const actor = actorOf(request);
      const { email, generation } = await fastify.db.transaction(async (tx) => {
        const learner = await learnersRepository.lockLearner(tx, id);
        if (!learner) throw notFound(consoleMessages.learnerNotFound);
        if ((learner.disabledAt !== null) === disabled) return { email: learner.email, generation: null };
        const generation = await learnersRepository.setDisabled(tx, id, disabled);
        await auditRepository.write(tx, actor, {
          action: disabled ? 'learner.disable' : 'learner.enable',
          objectType: 'user',
          objectId: id,
          objectLabel: learner.email,
          before: { disabled: !disabled },
          after: { disabled },
          reason: reason || null,
        });
        return { email: learner.email, generation: disabled ? generation : null };
      });
      // Committed: this instance refuses the learner's tokens from this request on (the others within a poll).
      if (generation !== null) fastify.lockouts.lock(id, generation);
      return {
        message: disabled ? consoleMessages.learnerDisabled(email) : consoleMessages.learnerEnabled(email),
        data: { id, disabled },
      };
    },
  );
};
export default adminLearnersRoutes;
