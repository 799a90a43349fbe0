import { errorEnvelope } from '@ai-tutor/contract';

/** Documented failure answers: `{message, data: null, errors?}`. */
export const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 429 | 502 | 503)[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorEnvelope])) as Record<
    number,
    typeof errorEnvelope
  >;
