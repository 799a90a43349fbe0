import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import accounts from './plugins/app/accounts.js';
import ai from './plugins/app/ai.js';
import authenticate from './plugins/app/authenticate.js';
import catalogue from './plugins/app/catalogue.js';
import configPlugin from './plugins/app/config.js';
import consolePlugin from './plugins/app/console.js';
import databasePlugin from './plugins/app/database.js';
import errorHandler from './plugins/app/error-handler.js';
import foreground from './plugins/app/foreground.js';
import linkedin from './plugins/app/linkedin.js';
import liveTests from './plugins/app/live-tests.js';
import mailer from './plugins/app/mailer.js';
import posts from './plugins/app/posts.js';
import practice from './plugins/app/practice.js';
import quiz from './plugins/app/quiz.js';
import quizSweep from './plugins/app/quiz-sweep.js';
import redis from './plugins/app/redis.js';
import reports from './plugins/app/reports.js';
import requestEdges from './plugins/app/request-edges.js';
import retention from './plugins/app/retention.js';
import review from './plugins/app/review.js';
import explain from './plugins/app/explain.js';
import compression from './plugins/external/compression.js';
import docs from './plugins/external/docs.js';
import security from './plugins/external/security.js';
import webApp from './plugins/external/web-app.js';
import apiRoutes from './routes/api/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** False once shutdown begins, so a load balancer drains this instance first. */
    readiness: { accepting: boolean };
  }
}

export interface AppOptions {
  config: Config;
  /** The database the caller opened, migrated and owns (server.ts, tests, bench); see plugins/app/database.ts. */
  database: Database;
}

/** The whole application as a plugin: external plugins, then app plugins, then routes (fastify/demo). */
export default async function app(fastify: FastifyInstance, opts: AppOptions) {
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);

  fastify.decorate('readiness', { accepting: true });
  // While draining, every response closes its connection, so keep-alive clients reconnect elsewhere
  // and close() is not held open by idle sockets until their keep-alive timeout.
  // A callback hook, not an async one: it runs on every response, and this saves a promise each time.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (!fastify.readiness.accepting) reply.header('connection', 'close');
    done(null, payload);
  });
  await fastify.register(configPlugin, { config: opts.config });
  await fastify.register(errorHandler);
  await fastify.register(requestEdges);
  await fastify.register(redis);
  await fastify.register(security);
  await fastify.register(compression);
  await fastify.register(docs);
  await fastify.register(databasePlugin, { database: opts.database });
  await fastify.register(foreground);
  await fastify.register(mailer);
  await fastify.register(authenticate);
  await fastify.register(accounts);
  await fastify.register(consolePlugin);
  await fastify.register(ai);
  await fastify.register(catalogue);
  await fastify.register(explain);
  await fastify.register(posts);
  await fastify.register(linkedin);
  await fastify.register(quiz);
  await fastify.register(review);
  await fastify.register(reports);
  await fastify.register(practice);
  await fastify.register(quizSweep);
  await fastify.register(liveTests);
  await fastify.register(retention);

  await fastify.register(apiRoutes, { prefix: '/api' });
  await fastify.register(webApp);
}
