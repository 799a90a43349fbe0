import { Readable } from 'node:stream';
import { deleteAccountBody, deletedAccount, envelope, myDataMessages, myDataPaths } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../../../plugins/app/authenticate.js';
import { exportMyData } from '../../../../services/my-data/export.js';
import { errors, perUser } from '../shared.js';

/**
 * The learner's own data (docs/decisions/0023-learners-data-and-backups.md): the export file, and
 * deleting the account. Both read the account's row first, so a session ended by a deletion, a
 * password reset or an admin is refused at once, not when its access token expires.
 */
const myDataRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { accounts } = fastify;
  const tags = ['users'];

  fastify.get(
    myDataPaths.export,
    {
      preHandler: fastify.authenticate,
      config: perUser('export', 10),
      schema: {
        tags,
        summary: 'Everything the app holds about me, as one JSON file',
        description:
          'A download (Content-Disposition: attachment), written as it is read: a readable `summary` ' +
          'first, then profile, sessions with their questions as given, answers, marks and times, ' +
          'records, mastery, review cards, notebook, reports, posts, live-test rankings and the audit ' +
          'rows about the account. No password hash, no token, nobody else’s rows.',
        security: [{ bearer: [] }],
        response: { 200: z.unknown(), ...errors(401, 404, 429) },
      },
    },
    async (request, reply) => {
      const me = await accounts.currentUser(authOf(request));
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${myDataMessages.exportFileName(date)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportMyData(fastify.db, me.id)));
    },
  );

  fastify.delete(
    myDataPaths.me,
    {
      preHandler: fastify.authenticate,
      config: perUser('delete-account', 10),
      schema: {
        tags,
        summary: 'Delete my account',
        description:
          'With the password, or for an account without one a Google ID token issued in the last ' +
          'ten minutes. Every session ends at once; name, email, phone, written answers, posts and the ' +
          'LinkedIn token are erased; live-test rankings keep an anonymous row. A wrong password is a ' +
          '403 and changes nothing. Accounts with a console role are removed by an admin (403).',
        security: [{ bearer: [] }],
        body: deleteAccountBody,
        response: { 200: envelope(deletedAccount), ...errors(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => ({
      message: myDataMessages.accountDeleted,
      data: await accounts.deleteOwnAccount(authOf(request), request.body, request.ip),
    }),
  );
};
export default myDataRoutes;
