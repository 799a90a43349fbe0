import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_BACKUP_PATH } from '../../../db/backup.js';
import { channelSchema } from './invites.js';

const failure = z.object({ message: z.string(), data: z.null() });

/**
 * `backup FILE` of the CLI while this process holds the embedded store (the channel: ./index.ts): a
 * consistent snapshot of the data directory, a gzipped tar, taken between transactions while saves
 * and starts go on (db/client.ts).
 */
const adminBackupRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    ADMIN_BACKUP_PATH.replace(/^\/api/, ''),
    { schema: { ...channelSchema, response: { 200: z.unknown(), 401: failure, 404: failure } } },
    async (_request, reply) => {
      const dump = fastify.database.dumpDataDir;
      if (!dump) return reply.status(404).send({ message: 'Not the embedded store.', data: null });
      const blob = await dump();
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', String(blob.size))
        .send(Readable.fromWeb(blob.stream() as WebReadableStream));
    },
  );
};
export default adminBackupRoute;
