import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { serverFieldErrors } from './server-message';

/**
 * Puts each server error (read by serverFieldErrors, server-message.ts, as plain sentences) on its field (the first per field); true when any of them landed on one of
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
