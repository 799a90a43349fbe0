import type { FastifyInstance } from 'fastify';

/**
 * Work that follows a successful listen: on a fresh database, sample content and a first invite code
 * are created and printed, so a newcomer can register at once. Filled in by the accounts and
 * catalogue issues.
 */
export async function onServerStarted(server: FastifyInstance): Promise<void> {
  server.log.info(`AI TUTOR is running at ${server.config.publicUrl}`);
}
