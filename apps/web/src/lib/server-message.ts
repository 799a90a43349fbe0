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
