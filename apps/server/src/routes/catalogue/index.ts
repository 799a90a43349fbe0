import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** catalogue routes: filled in by their issue. */
const catalogueRoutes: FastifyPluginAsyncZod = async () => {};
export default catalogueRoutes;
