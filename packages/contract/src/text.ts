import { z } from 'zod';
import { requestMessages } from './messages.js';

/**
 * NUL (PostgreSQL refuses it in text) and a surrogate half without its pair (not valid Unicode, so not
 * valid UTF-8 either). Written without the `u` flag, where a lone surrogate is one code unit.
 */
const FORBIDDEN_CHARACTERS = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` is text the server may store and compare: no NUL, no lone surrogate. */
export const isSafeText = (value: string) => !FORBIDDEN_CHARACTERS.test(value);

/**
 * The one string builder of every request schema (body, path and query): at most `max` characters and
 * only safe characters, checked once at the edge so nothing else needs to. Chain `.trim()`, `.min()`…
 * after it as with `z.string()`.
 */
export const text = (max: number) =>
  z
    .string()
    .max(max, requestMessages.textTooLong(max))
    .refine(isSafeText, requestMessages.textHasForbiddenCharacters);
