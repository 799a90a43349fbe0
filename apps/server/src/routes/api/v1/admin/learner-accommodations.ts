import {
  accommodationsBody,
  accommodationsResult,
  adminPeoplePaths,
  envelope,
  learnerIdParams,
  peopleMessages,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, staffOf } from '../../../../plugins/app/console.js';
import { setAccommodations } from '../../../../services/console/accommodations.js';
import { errors } from '../shared.js';

/** A learner's extra time (admins; a teacher for their batches' learners only, others 404). */
const adminLearnerAccommodationsRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.put(
    adminPeoplePaths.accommodations,
    {
      onRequest: fastify.requireRole('teacher'),
      schema: {
        tags: ['admin'],
        summary: 'Set a learner’s extra time (admin; a teacher: their batches’ learners)',
        description:
          'Applies to every timed test the learner starts afterwards, live tests included (never past ' +
          'the window’s close): minutes + ceil(minutes × percent / 100) + extra minutes. A field left ' +
          'out keeps its value.',
        security: [{ bearer: [] }],
        params: learnerIdParams,
        body: accommodationsBody,
        response: { 200: envelope(accommodationsResult), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const teacherId = staff.roles.includes('admin') ? undefined : staff.userId;
      const { email, ...data } = await setAccommodations(
        fastify.db,
        actorOf(request),
        request.params.id,
        request.body,
        teacherId,
      );
      return { message: peopleMessages.accommodationsSaved(email), data };
    },
  );
};
export default adminLearnerAccommodationsRoute;
