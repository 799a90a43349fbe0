import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { asSentence } from './server-message';

/**
 * The server's validation errors (the envelope's `errors: [{path, message}]`, paths such as
 * `body.confirmPassword`) as plain sentences on the form's own fields: one helper for every form, so
 * no learner ever reads 'body.confirmPassword: Passwords must match'.
 */

const LOCATIONS = new Set(['body', 'querystring', 'params', 'headers']);

export interface ServerFieldError {
  /** The form's field name: the path without its request location (`confirmPassword`). */
  field: string;
  message: string;
}

const fieldOf = (path: string) => {
  const parts = path.split('.');
  if (parts.length > 1 && LOCATIONS.has(parts[0]!)) parts.shift();
  return parts.join('.');
};

export function serverFieldErrors(error: unknown): ServerFieldError[] {
  const errors = (error as { data?: { errors?: unknown } } | null | undefined)?.data?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: unknown) => {
    const { path, message } = (e ?? {}) as { path?: unknown; message?: unknown };
    return typeof path === 'string' && typeof message === 'string'
      ? [{ field: fieldOf(path), message: asSentence(message) }]
      : [];
  });
}

/**
 * Puts each server error on its field (the first per field); true when any of them landed on one of
 * `fields`, so the caller need not say it again elsewhere.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  let applied = false;
  const seen = new Set<string>();
  for (const { field, message } of serverFieldErrors(error)) {
    const known = fields.find((f) => f === field);
    if (!known || seen.has(field)) continue;
    seen.add(field);
    setError(known, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
