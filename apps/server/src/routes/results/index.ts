import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import attemptsRoute from './attempts.js';
import resultRoute from './result.js';

/** Results (issue 6): one completed session with its answer key, and the attempts of an entity. */
const resultsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  await fastify.register(resultRoute);
  await fastify.register(attemptsRoute);
};
export default resultsRoutes;
