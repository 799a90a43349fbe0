import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { media } from '../../db/schema.js';
import { findExam, listExams, userRecords } from '../../services/catalogue/catalogue-service.js';

/** The catalogue reads (services/catalogue/catalogue-service.ts) bound to one app's database. */
export function createCatalogueService(db: Db) {
  return {
    exams: (page: number, limit: number) => listExams(db, page, limit),
    /** The exam with its modules, subjects and topics; null for an unknown slug. */
    exam: (slug: string) => findExam(db, slug),
    /** The learner's performance records. */
    records: (userId: string) => userRecords(db, userId),
    /** A stored figure's bytes and type; undefined when there is none with that hash. */
    figure: async (sha256: string) =>
      (await db.select().from(media).where(eq(media.sha256, sha256)).limit(1))[0],
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
