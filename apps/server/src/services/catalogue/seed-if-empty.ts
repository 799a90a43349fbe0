import type { FastifyInstance } from 'fastify';
import { seedWhenEmpty } from './seed.js';

/** On a database with no exam, loads the sample catalogue (called by startup after listen). */
export async function seedIfEmpty(server: FastifyInstance): Promise<void> {
  try {
    const summary = await seedWhenEmpty(server.db);
    if (!summary) return;
    const questions = summary.subjects.reduce((n, s) => n + s.created, 0);
    server.log.info(
      `Loaded the sample catalogue: ${summary.catalogue.exams.created} exams, ${summary.catalogue.subjects.created} subjects, ${summary.catalogue.topics.created} topics, ${questions} questions`,
    );
  } catch (error) {
    // A broken sample file must not take the server down; the operator sees why and can run `seed`.
    server.log.error({ err: error }, 'could not load the sample catalogue');
  }
}
