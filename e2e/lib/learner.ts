import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { startMailCatcher } from './mail-catcher.js';

type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

export interface Session {
  user: { id: string; name: string; email: string };
  tokens: { access_token: string; refresh_token: string };
}

/** POSTs JSON and returns `data`; a non-2xx answer throws with the server's message. */
export async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { message: string; data: T };
  if (!res.ok) throw new Error(`${url} → ${res.status} ${json.message}`);
  return json.data;
}

/** A verified learner made through the real API (signup, the mailed code, verify) — for journeys that start signed in. */
export async function registerVerifiedLearner(
  baseUrl: string,
  mail: MailCatcher,
  inviteCode: string,
  name = 'Priya Sharma',
) {
  const email = `learner-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'correct-horse-42';
  const since = mail.mails.length;
  const signup = await post<Session>(`${baseUrl}/api/v1/auth/signup`, {
    name,
    email,
    phone: '9876543210',
    password,
    confirmPassword: password,
    inviteCode,
  });
  const code = await mail.codeFor(email, since);
  const session = await post<Session>(
    `${baseUrl}/api/v1/auth/verify-user`,
    { email, emailOtp: Number(code) },
    signup.tokens.access_token,
  );
  return { email, password, session };
}

/** Puts the tokens where the web app keeps them ('at', 'rt') before any page script runs. */
export async function signInWithTokens(page: Page, session: Session) {
  await page.addInitScript((tokens) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('at', tokens.access_token);
      localStorage.setItem('rt', tokens.refresh_token);
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, session.tokens);
}
