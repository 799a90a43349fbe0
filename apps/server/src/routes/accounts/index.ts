import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** accounts routes: filled in by their issue. */
const accountsRoutes: FastifyPluginAsyncZod = async () => {};
export default accountsRoutes;
