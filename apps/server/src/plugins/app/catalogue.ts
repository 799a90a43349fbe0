import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { findExam, listExams, userRecords } from '../../services/catalogue/catalogue-service.js';

/** The catalogue reads (services/catalogue/catalogue-service.ts) bound to one app's database. */
export function createCatalogueService(db: Db) {
  return {
    exams: (page: number, limit: number) => listExams(db, page, limit),
    /** The exam with its modules, subjects and topics; null for an unknown slug. */
    exam: (slug: string) => findExam(db, slug),
    /** The learner's performance records. */
    records: (userId: string) => userRecords(db, userId),
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('catalogue', createCatalogueService(fastify.db));
  },
  { name: 'catalogue', dependencies: ['database'] },
);
