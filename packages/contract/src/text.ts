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

/**
 * Terminal control sequences (ECMA-48), whole: a string command (OSC, DCS, SOS, PM, APC: window titles,
 * the clipboard through OSC 52) up to its terminator, a control sequence (CSI: cursor moves, clearing the
 * screen), or an escape with its final character; each in its 7-bit (ESC …) and 8-bit (C1) form.
 */
const CONTROL_SEQUENCE =
  // eslint-disable-next-line no-control-regex -- these are the very characters being removed
  /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;
/** What is left: C0 controls, DEL, C1 controls, and the bidirectional embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const LINE_BREAK_OR_TAB = /[\t\n\r]+/g;

/**
 * Plain text as people type it: without terminal control sequences or control characters, which no
 * screen of the app shows and which would act on an operator's terminal when the CLI prints them.
 * Multi-line text keeps its line breaks (as \n) and tabs; single-line text has them as spaces.
 */
export function stripControlCharacters(value: string, { multiline }: { multiline: boolean }): string {
  const text = value.replace(CONTROL_SEQUENCE, '').replace(/\r\n?/g, '\n');
  if (!multiline) return text.replace(LINE_BREAK_OR_TAB, ' ').replace(CONTROL_CHARACTER, '');
  return text.replace(CONTROL_CHARACTER, '');
}

/**
 * text(max) for what a learner writes in their own words (names, report notes, posts): control
 * characters are removed (stripControlCharacters) before any `.trim()` or `.min()` chained after it.
 */
export const plainText = (max: number, { multiline = false }: { multiline?: boolean } = {}) =>
  text(max).overwrite((value) => stripControlCharacters(value, { multiline }));
