import { loginForm } from '@ai-tutor/contract';
import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-resolver';

const cases = [
  { email: '', password: '' },
  { email: '   ', password: 'x' },
  { email: 'asha', password: 'correct-horse' },
  { email: 'asha@example', password: 'correct-horse' },
  { email: ' asha@example.test ', password: 'short' },
  { email: 'asha.verma+exam@example.co.in', password: 'correct-horse' },
  { email: '.asha@example.test', password: 'correct-horse' },
  { email: 'a..b@example.test', password: 'correct-horse' },
  { email: 'asha@-example.test', password: 'correct-horse' },
];

describe('validateLogin', () => {
  it.each(cases)('agrees with the contract schema for %j', (values) => {
    const ours = validateLogin(values);
    const parsed = loginForm.safeParse(values);
    if (parsed.success) {
      expect(ours.errors).toEqual({});
      expect(ours.values).toEqual(parsed.data);
    } else {
      const first: Record<string, string> = {};
      for (const issue of parsed.error.issues) first[String(issue.path[0])] ??= issue.message;
      expect(ours.errors).toEqual(first);
    }
  });
});
