import { apiMessages, type FieldError } from '@ai-tutor/contract';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';

/** PostgreSQL / driver signs that the database is unreachable: the client should retry, not give up. */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);
function databaseDown(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown };
  if (e.code && DATABASE_DOWN_CODES.has(e.code)) return true;
  if (
    typeof e.message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect/i.test(e.message)
  )
    return true;
  return e.cause !== undefined && e.cause !== error ? databaseDown(e.cause) : false;
}

/** Query parameters can hold hashes and codes: they never reach the log. */
function loggable(error: Error & { code?: string; cause?: unknown }) {
  const strip = (text: string) => text.replace(/\nparams:[\s\S]*$/, '');
  const cause = error.cause instanceof Error ? strip(error.cause.message) : undefined;
  return {
    type: error.name,
    code: error.code,
    message: strip(error.message),
    cause,
    stack: error.stack && strip(error.stack),
  };
}

/** One error handler: the envelope `{message, data: null, errors?}`, and 5xx without internals. */
export default fp(
  async (fastify) => {
    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return reply
          .status(error.statusCode)
          .send({ message: error.message, data: null, ...(error.errors ? { errors: error.errors } : {}) });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: FieldError[] = error.validation.map((v) => ({
          path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
          message: v.message ?? 'Invalid value',
        }));
        const first = errors[0];
        return reply.status(400).send({
          message: first ? `${first.path}: ${first.message}` : apiMessages.validationFailed,
          data: null,
          errors,
        });
      }
      if (
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        (error.statusCode === 400 && error instanceof SyntaxError)
      ) {
        return reply.status(400).send({ message: apiMessages.malformedJson, data: null });
      }
      if (error.statusCode === 429) {
        return reply.status(429).send({ message: apiMessages.tooManyRequests, data: null });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.status(error.statusCode).send({ message: error.message, data: null });
      }
      if (databaseDown(error)) {
        request.log.warn({ code: (error as { code?: string }).code }, 'database unavailable');
        reply.header('retry-after', '2');
        return reply.status(503).send({ message: apiMessages.serviceUnavailable, data: null });
      }
      request.log.error({ err: loggable(error) }, 'request failed');
      return reply.status(500).send({ message: apiMessages.internal, data: null });
    });
  },
  { name: 'error-handler' },
);
