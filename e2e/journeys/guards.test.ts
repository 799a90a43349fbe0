import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { screenshot } from '../lib/browser.js';
import { expect, seededWithInvite, test, type FakeGoogle } from '../lib/fixtures.js';
import { post as postJson, registerVerifiedLearner, signInWithTokens, type Session } from '../lib/learner.js';

const INVITE = 'E2E-GUARDS';
test.use({ serverSetup: seededWithInvite(INVITE), googleSignIn: true });

/** A Google learner: verified by Google, no invite code used yet. */
async function googleSession(baseURL: string, google: FakeGoogle): Promise<Session> {
  const email = `g-${randomBytes(4).toString('hex')}@example.test`;
  return postJson<Session>(`${baseURL}/api/v2/auth/google`, {
    authorization: google.idToken(email, 'Meera Iyer'),
  });
}

/** Signed up, never verified. */
async function unverifiedSession(baseURL: string): Promise<Session> {
  return postJson<Session>(`${baseURL}/api/v1/auth/signup`, {
    name: 'Kiran Rao',
    email: `u-${randomBytes(4).toString('hex')}@example.test`,
    phone: '9876543210',
    password: 'correct-horse-42',
    confirmPassword: 'correct-horse-42',
    inviteCode: INVITE,
  });
}

async function signedInPage(freshPage: () => Promise<Page>, session: Session): Promise<Page> {
  const page = await freshPage();
  await signInWithTokens(page, session);
  return page;
}

/** Opens `from` and expects the app to land on `to` (pathname), with the screen rendered. */
async function expectRedirect(page: Page, from: string, to: string) {
  await page.goto(from);
  await expect(page).toHaveURL((url) => url.pathname === to);
  await expect(page.locator('main, form, h1, h2, h3, h4, h5').first()).toBeVisible();
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

test('Google sign-in with a test-signed token → /verify-invite → invite code → /exams', async ({
  freshPage,
  server,
  google,
}) => {
  const session = await googleSession(server.url, google);
  expect(session.user.email).toMatch(/^g-/);
  const page = await signedInPage(freshPage, session);
  await page.goto('/login');
  await page.waitForURL('**/verify-invite');
  const field = page.getByRole('textbox', { name: 'Invite Code' });
  await expect(field).toBeVisible();
  await screenshot(page, 'verify-invite');
  await field.fill(INVITE);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/exams');
  await expect(page.getByRole('heading', { name: 'Exams' }).first()).toBeVisible();
});

test('guards: a visitor goes to /login from every protected route; unknown paths go to /exams → /login', async ({
  page,
}) => {
  for (const path of protectedRoutes) await expectRedirect(page, path, '/login');
  await expectRedirect(page, '/no/such/page', '/login');
  for (const path of publicOnlyRoutes) {
    await page.goto(path);
    await expect(page.locator('form').first()).toBeVisible();
    expect(new URL(page.url()).pathname, `a visitor stays on ${path}`).toBe(path.split('?')[0]);
  }
});

test('guards: an unverified learner is sent to /verify-user', async ({ freshPage, server }) => {
  const page = await signedInPage(freshPage, await unverifiedSession(server.url));
  for (const path of ['/exams', '/verify-invite', '/exams/jee-main', '/attempts/subject/x', '/login'])
    await expectRedirect(page, path, path === '/login' ? '/exams' : '/verify-user');
});

test('guards: a verified learner without an invite code is sent to /verify-invite', async ({
  freshPage,
  server,
  google,
}) => {
  const page = await signedInPage(freshPage, await googleSession(server.url, google));
  // /verify-user sends a verified learner to /exams, which sends one without an invite on to /verify-invite.
  for (const path of ['/exams', '/exams/jee-main', '/quiz/result/x', '/attempts/subject/x', '/verify-user'])
    await expectRedirect(page, path, '/verify-invite');
});

test('guards: a learner with an invite leaves /verify-invite, /verify-user and public-only routes for /exams; logout', async ({
  page,
  server,
  mail,
}) => {
  const { session } = await registerVerifiedLearner(server.url, mail, INVITE, 'Arjun Nair');
  await signInWithTokens(page, session);
  for (const path of ['/verify-invite', '/verify-user', ...publicOnlyRoutes, '/no/such/page'])
    await expectRedirect(page, path, '/exams');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(session.user.email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.getItem('at'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('rt'))).toBeNull();
  // Signed out for good: the protected screens send the visitor back to /login.
  await expectRedirect(page, '/exams', '/login');
});
