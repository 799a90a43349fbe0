import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import createRoute from './create.js';
import saveRoute from './save.js';
import sessionRoute from './session.js';
import submitRoute from './submit.js';

/** Quiz sessions (issue 5): create, resume, save one answer, submit. All behind the learner guard. */
const quizRoutes: FastifyPluginAsyncZod = async (fastify) => {
  await fastify.register(createRoute);
  await fastify.register(sessionRoute);
  await fastify.register(saveRoute);
  await fastify.register(submitRoute);
};
export default quizRoutes;
