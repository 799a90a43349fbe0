/**
 * The envelope's message as a plain sentence. Apart from form-errors.ts: every page's error toasts use
 * this, while only the forms put errors on fields, so /login's entry carries this part alone.
 */

/** "passwords must match" → "Passwords must match." */
export function asSentence(message: string): string {
  const text = message.trim();
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The envelope's message with a validation path in front of it ('body.x: …') read as a sentence. */
export function plainServerMessage(message: string): string {
  const match = /^(?:body|querystring|params|headers)(?:\.[\w.[\]]+)?: (.+)$/s.exec(message);
  return match ? asSentence(match[1]!) : message;
}

export interface ServerFieldError {
  /** The form's field name: the path without its request location (`confirmPassword`). */
  field: string;
  message: string;
}

/**
 * The server's validation errors (the envelope's `errors: [{path, message}]`, paths such as
 * `body.confirmPassword`) as plain sentences named by the form's own fields: one reader for every form
 * (form-errors.ts puts them on react-hook-form's fields, LoginForm on its own), so no learner ever
 * reads 'body.confirmPassword: Passwords must match'.
 */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  const errors = (error as { data?: { errors?: unknown } } | null | undefined)?.data?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: unknown) => {
    const { path, message } = (e ?? {}) as { path?: unknown; message?: unknown };
    return typeof path === 'string' && typeof message === 'string'
      ? [{ field: path.replace(/^(?:body|querystring|params|headers)\./, ''), message: asSentence(message) }]
      : [];
  });
}
