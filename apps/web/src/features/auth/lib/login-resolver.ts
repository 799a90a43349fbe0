import { PASSWORD_MIN_LENGTH, validationMessages as m, type LoginForm } from '@ai-tutor/contract';

/** zod's own email pattern (zod/v4/core regexes), the one `loginForm` applies. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type LoginErrors = Partial<Record<keyof LoginForm, string>>;

/**
 * The contract's `loginForm` rules (first message per field, email trimmed) without zod: /login is the
 * first page most visitors load, and zod is ~25 kB gzip of it. login-resolver.test.ts keeps it in step
 * with the schema.
 */
export function validateLogin(raw: LoginForm): { values: LoginForm; errors: LoginErrors } {
  const values = { email: raw.email.trim(), password: raw.password };
  const errors: LoginErrors = {};
  if (!values.email) errors.email = m.required;
  else if (!EMAIL.test(values.email)) errors.email = m.invalidEmail;
  if (!values.password) errors.password = m.required;
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = m.passwordMin;
  return { values, errors };
}
