import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { apiMessages, requestMessages, type FieldError } from '@ai-tutor/contract';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
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

/**
 * The message of a refusal the framework or a plugin raised (not one of ours): the contract's words
 * for its status, never the framework's text, which can echo the URL, a header or a content type.
 */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: requestMessages.badRequest,
  404: apiMessages.routeNotFound,
  405: requestMessages.methodNotAllowed,
  408: requestMessages.requestTimeout,
  413: requestMessages.bodyTooLarge,
  414: requestMessages.uriTooLong,
  415: requestMessages.unsupportedMediaType,
  429: apiMessages.tooManyRequests,
  431: requestMessages.headersTooLarge,
};
const FRAMEWORK_CODE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: apiMessages.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: requestMessages.emptyJsonBody,
  FST_ERR_BAD_URL: requestMessages.malformedUrl,
  FST_ERR_MAX_PARAM_LENGTH: requestMessages.uriTooLong,
};
function frameworkMessage(error: { code?: string; statusCode?: number }, status: number): string {
  if (error.code && FRAMEWORK_CODE_MESSAGES[error.code]) return FRAMEWORK_CODE_MESSAGES[error.code]!;
  if (status === 400 && error instanceof SyntaxError) return apiMessages.malformedJson;
  return FRAMEWORK_MESSAGES[status] ?? requestMessages.badRequest;
}

/**
 * A body over the limit is refused before it is read. Closing at once, with the client still sending,
 * resets the connection (unread bytes in the socket), and most clients then report the reset instead
 * of the 413. So the rest of the body is read and dropped first, within bounds, and the 413 arrives.
 */
const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;
function drainBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  const declared = Number(raw.headers['content-length'] ?? 0);
  if (raw.complete || raw.destroyed || declared > DRAIN_MAX_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', count);
      raw.off('end', done);
      raw.off('close', done);
      raw.off('error', done);
      resolve();
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_MAX_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MAX_MS);
    raw.on('data', count).on('end', done).on('close', done).on('error', done);
    raw.unpipe();
    raw.resume();
  });
}

/** Fastify's `frameworkErrors`: a bad percent-encoding or an over-long parameter, before routing. */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  return reply.status(status).send({ message: frameworkMessage(error, status), data: null });
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (request timeout, headers too large,
 * a malformed request line) is answered in the envelope too, then the connection closes.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (
  error: Error & { code?: string },
  socket: Socket,
) => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ message: FRAMEWORK_MESSAGES[status], data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};

/** One error handler: the envelope `{message, data: null, errors?}`, and 5xx without internals. */
export default fp(
  async (fastify) => {
    fastify.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return reply.status(error.statusCode).send({
          message: error.message,
          data: null,
          ...(error.errors ? { errors: error.errors } : {}),
          ...(error.availableAt ? { availableAt: error.availableAt.toISOString() } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: FieldError[] = error.validation.map((v) => ({
          path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
          message: v.message ?? apiMessages.invalidValue,
        }));
        const first = errors[0];
        return reply.status(400).send({
          message: first ? `${first.path}: ${first.message}` : apiMessages.validationFailed,
          data: null,
          errors,
        });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') await drainBody(request);
        return reply.status(status).send({ message: frameworkMessage(error, status), data: null });
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
