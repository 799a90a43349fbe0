import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { AppServer } from '../lib/app-server.js';
import { screenshot } from '../lib/browser.js';
import type { startFakeGoogle } from '../lib/google.js';
import { post as postJson, registerVerifiedLearner, signInWithTokens, type Session } from '../lib/learner.js';
import type { startMailCatcher } from '../lib/mail-catcher.js';
import { startStack, type Stack } from '../lib/stack.js';

let server: AppServer;
let browser: Browser;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
const INVITE = 'E2E-GUARDS';

let stack: Stack;
before(async () => {
  stack = await startStack(INVITE);
  ({ server, browser, mail, google } = stack);
});
after(async () => stack?.stop());

const post = <T>(path: string, body: unknown) => postJson<T>(`${server.url}/api${path}`, body);

/** A Google learner: verified by Google, no invite code used yet. */
async function googleSession(): Promise<Session> {
  const email = `g-${randomBytes(4).toString('hex')}@example.test`;
  return post<Session>('/v2/auth/google', { authorization: google.idToken(email, 'Meera Iyer') });
}

/** Signed up, never verified. */
async function unverifiedSession(): Promise<Session> {
  return post<Session>('/v1/auth/signup', {
    name: 'Kiran Rao',
    email: `u-${randomBytes(4).toString('hex')}@example.test`,
    phone: '9876543210',
    password: 'correct-horse-42',
    confirmPassword: 'correct-horse-42',
    inviteCode: INVITE,
  });
}

async function signedInPage(session?: Session): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (session) await signInWithTokens(page, session);
  return page;
}

/** Opens `from` and expects the app to land on `to` (pathname), with the screen rendered. */
async function expectRedirect(page: Page, from: string, to: string) {
  await page.goto(`${server.url}${from}`);
  await page.waitForURL((url) => url.pathname === to, { timeout: 15_000 });
  await page.locator('main, form, h1, h2, h3, h4, h5').first().waitFor();
}

const protectedRoutes = [
  '/verify-user',
  '/verify-invite',
  '/exams',
  '/exams/jee-main',
  '/quiz',
  '/quiz/exam/jee-main/module/physics',
  '/quiz/exam/jee-main/subject/physics/mechanics',
  '/quiz/exam/jee-main/topic/physics/mechanics/kinematics',
  '/quiz/result/some-assessment',
  '/attempts/subject/mechanics',
];
const publicOnlyRoutes = [
  '/login',
  '/register',
  '/forget-password',
  '/verify-otp/someone@example.test',
  '/reset-password?token=abc',
];

test('Google sign-in with a test-signed token → /verify-invite → invite code → /exams', async () => {
  const session = await googleSession();
  assert.equal(session.user.email.startsWith('g-'), true);
  const page = await signedInPage(session);
  await page.goto(`${server.url}/login`);
  await page.waitForURL('**/verify-invite');
  const field = page.getByRole('textbox', { name: 'Invite Code' });
  await field.waitFor();
  await screenshot(page, 'verify-invite');
  await field.fill(INVITE);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/exams');
  await page.getByRole('heading', { name: 'Exams' }).first().waitFor();
  await page.context().close();
});

test('guards: a visitor goes to /login from every protected route; unknown paths go to /exams → /login', async () => {
  const page = await signedInPage();
  for (const path of protectedRoutes) await expectRedirect(page, path, '/login');
  await expectRedirect(page, '/no/such/page', '/login');
  for (const path of publicOnlyRoutes) {
    await page.goto(`${server.url}${path}`);
    await page.locator('form').first().waitFor();
    assert.equal(new URL(page.url()).pathname, path.split('?')[0], `a visitor stays on ${path}`);
  }
  await page.context().close();
});

test('guards: an unverified learner is sent to /verify-user', async () => {
  const page = await signedInPage(await unverifiedSession());
  for (const path of ['/exams', '/verify-invite', '/exams/jee-main', '/attempts/subject/x', '/login'])
    await expectRedirect(page, path, path === '/login' ? '/exams' : '/verify-user');
  await page.context().close();
});

test('guards: a verified learner without an invite code is sent to /verify-invite', async () => {
  const page = await signedInPage(await googleSession());
  // /verify-user sends a verified learner to /exams, which sends one without an invite on to /verify-invite.
  for (const path of ['/exams', '/exams/jee-main', '/quiz/result/x', '/attempts/subject/x', '/verify-user'])
    await expectRedirect(page, path, '/verify-invite');
  await page.context().close();
});

test('guards: a learner with an invite leaves /verify-invite, /verify-user and public-only routes for /exams; logout', async () => {
  const { session } = await registerVerifiedLearner(server.url, mail, INVITE, 'Arjun Nair');
  const page = await signedInPage(session);
  for (const path of ['/verify-invite', '/verify-user', ...publicOnlyRoutes, '/no/such/page'])
    await expectRedirect(page, path, '/exams');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByText(session.user.email).waitFor();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  assert.equal(await page.evaluate(() => localStorage.getItem('at')), null);
  assert.equal(await page.evaluate(() => localStorage.getItem('rt')), null);
  // Signed out for good: the protected screens send the visitor back to /login.
  await expectRedirect(page, '/exams', '/login');
  await page.context().close();
});
