import { errorEnvelope } from '@ai-tutor/contract';

/** Per-client-address ceiling on the routes that guess at secrets, on top of the per-account limits. */
export const perClientLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };
/**
 * Sign-up, sign-in, account verification and refresh: a class of 300 behind one school address within
 * a minute or two (a lab registers on its first day, verifies, and signs in before each test). Guessing
 * is held by the failure counters and the per-account code caps, and hashing by its queue
 * (docs/decisions/0008), not by this ceiling.
 */
export const classSizedLimit = { rateLimit: { max: 600, timeWindow: 60_000 } };

export const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 410 | 429 | 502 | 503)[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorEnvelope])) as Record<
    number,
    typeof errorEnvelope
  >;

/** A per-learner ceiling (by user id once signed in, else by address), counted after the guard. */
export const perUser = (name: string, max: number) => ({
  rateLimit: {
    hook: 'preHandler' as const,
    max,
    timeWindow: 60_000,
    keyGenerator: (request: { auth: { userId: string } | null; ip: string }) =>
      `${name}:${request.auth?.userId ?? request.ip}`,
  },
});
