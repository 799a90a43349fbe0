import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** ai routes: filled in by their issue. */
const aiRoutes: FastifyPluginAsyncZod = async () => {};
export default aiRoutes;
