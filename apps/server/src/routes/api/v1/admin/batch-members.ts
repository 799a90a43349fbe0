import {
  adminPeoplePaths,
  batchIdParams,
  csvMembersBody,
  csvMembersQuery,
  csvMembersResult,
  envelope,
  peopleMessages,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../../plugins/app/console.js';
import { addMembersFromCsv } from '../../../../services/console/csv-members.js';
import { errors } from '../shared.js';

/**
 * Members by CSV (admins; services/console/csv-members.ts). The file is the body, as `text/csv`, or
 * JSON `{csv}`; `?mode=valid` (default) adds the rows that can be added, `all-or-nothing` none unless
 * every row can be. The answer reports every row.
 */
const adminBatchMembersRoute: FastifyPluginAsyncZod = async (fastify) => {
  // This plugin's scope only: a CSV body is read as text and handed on as the JSON form.
  fastify.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: 1_000_000 },
    (_request, body, done) => done(null, { csv: body as string }),
  );

  fastify.post(
    adminPeoplePaths.batchMembers,
    {
      onRequest: fastify.requireRole('admin'),
      bodyLimit: 1_100_000,
      schema: {
        tags: ['admin'],
        summary: 'Add members by CSV of emails, with a result per row (admin)',
        description:
          'Body: the CSV (`text/csv`) or `{csv}`. One email a row, or a column headed `email`. Each row: ' +
          '`added`, `already-member`, `no-such-learner`, `invalid-email` or `duplicate`. ' +
          '`mode=all-or-nothing` adds nothing (`applied: false`) when any row is invalid or unknown.',
        security: [{ bearer: [] }],
        params: batchIdParams,
        querystring: csvMembersQuery,
        body: csvMembersBody,
        response: { 200: envelope(csvMembersResult), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const data = await addMembersFromCsv(
        fastify.db,
        actorOf(request),
        request.params.id,
        request.body.csv,
        request.query.mode,
      );
      const bad = data.rows.filter(
        (row) => row.result === 'invalid-email' || row.result === 'no-such-learner',
      );
      return {
        message: data.applied
          ? peopleMessages.membersAdded(data.added)
          : peopleMessages.membersRefused(bad.length),
        data,
      };
    },
  );
};
export default adminBatchMembersRoute;
