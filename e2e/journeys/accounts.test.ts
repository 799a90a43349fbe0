import { randomBytes } from 'node:crypto';
import type { Page, Response } from '@playwright/test';
import { screenshot } from '../lib/browser.js';
import { expect, test, type MailCatcher } from '../lib/fixtures.js';

// No seed: the server's first start prints an invite code, which a new learner registers with.
test.use({ serverSetup: { cli: [] } });

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** Verify, then the next page; if it never comes, say what the screen showed (toasts, the boxes). */
async function verifyThenWaitFor(page: Page, mail: MailCatcher, url: string, to: string) {
  // Toasts vanish after a few seconds, so the API answers are recorded to tell what happened.
  const answers: string[] = [];
  const record = async (response: Response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/api/')) return;
    const line = `${response.request().method()} ${pathname} ${response.status()}`;
    const sent = response.request().postData() ?? '';
    const said = response.ok() ? '' : await response.text().catch(() => '');
    answers.push(response.ok() ? line : `${line} (sent ${sent}; answered ${said})`);
  };
  page.on('response', record);
  await page.getByRole('button', { name: 'Verify' }).click();
  try {
    await page.waitForURL(url);
  } catch (error) {
    const alerts = await page.getByRole('alert').allTextContents();
    const boxes = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        page
          .getByLabel(`Digit ${n} of 6`)
          .inputValue()
          .catch(() => '?'),
      ),
    );
    throw new Error(
      `${String(error)}\nat ${page.url()}; alerts: ${alerts.join(' | ')}; code boxes: ${boxes.join('')}; ` +
        `API answers since Verify: ${answers.join(', ') || 'none'}; codes mailed to ${to}: ${mail.codesFor(to).join(', ')}`,
    );
  } finally {
    page.off('response', record);
  }
}

const email = `asha-${randomBytes(3).toString('hex')}@example.test`;
// The second journey resets the password of the account the first one made: they run in order, and a
// failure of the first skips the second rather than failing it for a reason it does not own.
test.describe('an account from registration to a new password', () => {
  test.describe.configure({ mode: 'serial' });

  test('register with the printed invite code, verify with the mailed OTP, reach /exams, log out', async ({
    page,
    server,
    mail,
  }) => {
    const inviteCode = (await server.waitForOutput(/Invite code: (\S+)/))[1]!;
    await page.goto('/register');
    await page.getByLabel('Invite Code').fill(inviteCode);
    await page.getByLabel('Name').fill('Asha Verma');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mobile Number').fill('9876543210');
    await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
    await page.getByLabel('Confirm Password').fill('first-pass-1');
    await screenshot(page, 'register');
    const since = mail.mails.length;
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/verify-user');
    await expect(page.getByText(/Asha Verma/).first()).toBeVisible();
    await screenshot(page, 'verify-user');
    await typeCode(page, await mail.codeFor(email, since));
    await verifyThenWaitFor(page, mail, '**/exams', email);
    await expect(page.getByRole('heading', { name: 'Exams' }).first()).toBeVisible();
    await screenshot(page, 'exams');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('at'))).toBeNull();
  });

  test('forgot password → mailed OTP → reset → sign in with the new password', async ({ page, mail }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/forget-password');
    await page.getByLabel('Email').fill(email);
    const since = mail.mails.length;
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await page.waitForURL('**/verify-otp/**');
    await typeCode(page, await mail.codeFor(email, since));
    await verifyThenWaitFor(page, mail, '**/reset-password?token=*', email);
    await page.getByLabel('Password', { exact: true }).fill('second-pass-2');
    await page.getByLabel('Confirm Password').fill('second-pass-2');
    await page.getByRole('button', { name: /reset/i }).click();
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first-pass-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /invalid|incorrect/i })
        .first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password').fill('second-pass-2');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/exams');
  });
});

test('the first click on Resend lands: a message appearing on blur moves nothing under the pointer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/verify-otp/${encodeURIComponent('nobody@example.test')}`);
  await page.getByLabel('Digit 1 of 6').click();
  const resend = page.getByRole('button', { name: 'Resend' });
  const before = (await resend.boundingBox())!;
  // Press on Resend: the boxes lose focus and 'OTP is required' appears before the button is released.
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  await expect(page.getByText('OTP is required')).toBeVisible();
  const during = (await resend.boundingBox())!;
  await page.mouse.up();
  expect(during.y, 'Resend moved between mouse-down and mouse-up').toBe(before.y);
  await expect(page.getByRole('button', { name: /^Resend in / })).toBeVisible();

  // The same on the sign-in form: Email's message must not push Login down.
  await page.goto('/login');
  await page.getByLabel('Email').click();
  const login = page.getByRole('button', { name: 'Login' });
  const loginBefore = (await login.boundingBox())!;
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  expect((await login.boundingBox())!.y, 'Login moved when a message appeared').toBe(loginBefore.y);
});

test('guards: a visitor is sent to /login; unknown paths go to /exams', async ({ page }) => {
  for (const path of ['/exams', '/exams/jee-main', '/verify-user', '/attempts/subject/x', '/no/such/page']) {
    await page.goto(path);
    await page.waitForURL('**/login');
  }
});
