import type { FastifyInstance } from 'fastify';
import { ensureFirstInviteCode } from './services/accounts/first-invite.js';
import { seedIfEmpty } from './services/catalogue/seed-if-empty.js';

/**
 * Work that follows a successful listen: on a fresh database, sample content and a first invite code
 * are created and printed, so a newcomer can register at once.
 */
export async function onServerStarted(server: FastifyInstance): Promise<void> {
  await seedIfEmpty(server);
  await ensureFirstInviteCode(server);
  server.log.info(`AI TUTOR is running at ${server.config.publicUrl}`);
}
