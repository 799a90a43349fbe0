import { apiMessages, type FieldError } from '@ai-tutor/contract';

/** An error a handler throws on purpose: its status and message reach the client as they are. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** When to ask again (the error envelope's `availableAt`, ISO): live tests' 409s. */
    readonly availableAt?: Date,
  ) {
    super(message);
  }
}

export const notFound = (message: string = apiMessages.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/** A 409 that says when the refused thing becomes available (`availableAt` in the envelope). */
export const notYet = (message: string, availableAt: Date) =>
  new AppError(409, message, undefined, undefined, availableAt);
export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, errors);
export const unauthorized = (message: string = apiMessages.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = apiMessages.forbidden) => new AppError(403, message);
export const gone = (message: string) => new AppError(410, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (message: string) => new AppError(503, message);
