import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** results routes: filled in by their issue. */
const resultsRoutes: FastifyPluginAsyncZod = async () => {};
export default resultsRoutes;
