import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { seedWhenEmpty } from './seed.js';

/**
 * On a database with no exam, loads the sample catalogue (called at start, before the app is built),
 * saying so before it starts: on a slow machine it takes seconds.
 */
export async function seedIfEmpty({ db, log }: { db: Db; log: FastifyBaseLogger }): Promise<void> {
  try {
    const summary = await seedWhenEmpty(db, () => log.info('Loading the sample catalogue…'));
    if (!summary) return;
    const questions = summary.subjects.reduce((n, s) => n + s.created, 0);
    log.info(
      `Loaded the sample catalogue: ${summary.catalogue.exams.created} exams, ${summary.catalogue.subjects.created} subjects, ${summary.catalogue.topics.created} topics, ${questions} questions`,
    );
  } catch (error) {
    // A broken sample file must not take the server down; the operator sees why and can run `seed`.
    log.error({ err: error }, 'could not load the sample catalogue');
  }
}
