import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { axeCheck } from '../lib/a11y.js';
import { screenshot } from '../lib/browser.js';
import { expect, seededWithInvite, test } from '../lib/fixtures.js';
import { post, registerVerifiedLearner, signInWithTokens, type Session } from '../lib/learner.js';
import { questionHeading, startFromDialog } from '../lib/quiz-page.js';

/**
 * A learner on a 360 px phone takes the full-length sample JEE Main paper (75 questions, 180 minutes):
 * the clock, the palette and Save & Next are on screen without scrolling, no screen is wider than the
 * phone, and axe finds nothing serious on the way.
 */
const PHONE = { width: 360, height: 740 };
test.use({ serverSetup: seededWithInvite('E2E-PHONE'), viewport: PHONE, googleSignIn: true });

async function noSidewaysOverflow(page: Page, screen: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${screen} is ${overflow} px wider than a 360 px phone`).toBeLessThanOrEqual(0);
}

/** Wholly inside the phone's screen as it is scrolled now. */
async function onScreen(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, `${what} is drawn`).not.toBeNull();
  expect(box!.y, `${what} is below the top of the screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} is above the bottom of the screen`).toBeLessThanOrEqual(PHONE.height);
}

async function axeClean(page: Page, screen: string) {
  expect(await axeCheck(page, screen)).toEqual([]);
}

test('a 360 px phone through the full JEE Main paper: timer, palette and Save & Next in sight, no sideways scroll, axe clean', async ({
  page,
  server,
  mail,
}) => {
  test.setTimeout(240_000);
  const { session } = await registerVerifiedLearner(server.url, mail, 'E2E-PHONE');
  await signInWithTokens(page, session);

  // The home: the exams, and every area from the avatar menu.
  await page.goto('/exams');
  await expect(page.getByRole('heading', { level: 1, name: 'Exams' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'JEE Main (Practice)' })).toBeVisible();
  await noSidewaysOverflow(page, '/exams');
  await axeClean(page, '/exams');
  await page.getByRole('button', { name: 'Account menu' }).click();
  for (const area of ['Home', 'Recent results', 'Live tests', 'Review', 'Mistakes'])
    await expect(page.getByRole('menuitem', { name: area })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/exams/jee-main-practice');
  await expect(page.getByRole('heading', { level: 1, name: 'JEE Main (Practice)' })).toBeVisible();
  await noSidewaysOverflow(page, '/exams/jee-main-practice');
  await startFromDialog(page, page.getByRole('button', { name: /Start Mock Test/ }).first());

  // The test: 75 questions in sections, the clock and Submit in the top bar, the action row below.
  const bar = page.getByTestId('quiz-top-bar');
  const timer = bar.getByRole('timer', { name: 'Time Remaining' });
  await expect(timer).toHaveText(/^(2:59:\d\d|3:00:00|17\d:\d\d|180:00)$/);
  await expect(page.getByText('Physics · Section A (Single correct)')).toBeVisible();
  await expect(page.getByLabel(/^Marks: 4 for a correct answer, -1 for a wrong one/)).toHaveText('+4 / −1');
  const saveNext = page.getByRole('button', { name: 'Save & Next' });
  const palette = bar.getByRole('button', { name: 'Question palette' });
  for (const [what, locator] of [
    ['the timer', timer],
    ['Submit', bar.getByRole('button', { name: 'Submit' })],
    ['the palette button', palette],
    ['Save & Next', saveNext],
  ] as const)
    await onScreen(locator, what);
  await noSidewaysOverflow(page, 'the test screen');
  await axeClean(page, 'the test screen');
  await screenshot(page, 'phone-quiz');
  // The browser's Back button asks before leaving the running test; staying keeps it as it was.
  await page.goBack();
  const leave = page.getByRole('dialog', { name: 'Leave the test?' });
  await expect(leave).toBeVisible();
  await expect(leave.getByRole('button', { name: 'Stay in the test' })).toBeFocused();
  await expect(page).toHaveURL(/\/quiz\//);
  await noSidewaysOverflow(page, 'the leave dialog');
  await axeClean(page, 'the leave dialog');
  await leave.getByRole('button', { name: 'Stay in the test' }).click();
  await expect(leave).toBeHidden();
  await expect(questionHeading(page, 1)).toBeVisible();
  // Halfway down a long question the clock and the action row are still in sight.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 3));
  await onScreen(timer, 'the timer after scrolling');
  await onScreen(saveNext, 'Save & Next after scrolling');
  await page.evaluate(() => window.scrollTo(0, 0));

  // Answer question 1, and a double tap on Save & Next moves one question, not two.
  await page
    .getByRole('radiogroup', { name: /^Question - 1/ })
    .getByRole('radio')
    .first()
    .check();
  await saveNext.dblclick();
  await expect(questionHeading(page, 2)).toBeVisible();
  await page.waitForTimeout(600);
  await expect(questionHeading(page, 2)).toBeVisible();

  // The palette is a bottom sheet: 25 questions a subject; question 21 opens Physics' numerical section.
  await palette.click();
  const sheet = page.getByRole('dialog', { name: 'Question palette' });
  await expect(sheet.getByRole('tab', { name: 'Physics (25)' })).toBeVisible();
  await expect(sheet.getByRole('tab', { name: 'Mathematics (25)' })).toBeAttached();
  await noSidewaysOverflow(page, 'the palette sheet');
  await axeClean(page, 'the palette sheet');
  await screenshot(page, 'phone-palette');
  await sheet.getByRole('button', { name: /^Question 21,/ }).click();
  await expect(sheet).toBeHidden();
  await expect(questionHeading(page, 21)).toBeVisible();
  await expect(page.getByText('Physics · Section B (Numerical value)')).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Your answer (a number)' });
  await expect(field).toHaveAttribute('inputmode', 'none');
  const keypad = page.getByRole('group', { name: 'Keypad' });
  await keypad.getByRole('button', { name: '1' }).click();
  await keypad.getByRole('button', { name: '8' }).click();
  await expect(field).toHaveValue('18');
  await saveNext.click();
  await expect(questionHeading(page, 22)).toBeVisible();
  await expect(page.getByText('All answers saved')).toBeVisible({ timeout: 30_000 });

  // Submit: NTA's summary per section, the table scrolling inside its own box.
  await bar.getByRole('button', { name: 'Submit' }).click();
  const summary = page.getByRole('table', { name: 'Exam summary by section' });
  await expect(summary.getByTestId('submit-summary-row')).toHaveCount(6);
  await expect(summary.getByTestId('submit-summary-row').first()).toContainText(
    'Physics · Section A (Single correct)',
  );
  await noSidewaysOverflow(page, 'the submit dialog');
  await axeClean(page, 'the submit dialog');
  await page.getByRole('button', { name: 'Yes, Submit' }).click();
  await page.waitForURL('**/quiz/result/**', { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Test Analysis' })).toBeVisible({ timeout: 30_000 });
  await noSidewaysOverflow(page, 'the result');
  await axeClean(page, 'the result');
  await screenshot(page, 'phone-result');

  // Every other screen a learner reaches fits the phone too.
  for (const path of ['/attempts/exam_module/jee-main-paper-1', '/review', '/mistakes', '/exams']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await noSidewaysOverflow(page, path);
  }
});

test('every other screen of the app fits a 360 px phone: the sign-in screens, and a new account’s checks', async ({
  freshPage,
  server,
  google,
}) => {
  const pageFor = async (session?: Session) => {
    const page = await freshPage();
    await page.setViewportSize(PHONE);
    if (session) await signInWithTokens(page, session);
    return page;
  };
  const visitor = await pageFor();
  for (const path of [
    '/login',
    '/register',
    '/forget-password',
    '/verify-otp/asha%40example.test',
    '/reset-password?token=e2e-token',
  ]) {
    await visitor.goto(path);
    await expect(visitor.locator('form').first()).toBeVisible();
    await noSidewaysOverflow(visitor, path);
  }

  const unverified = await pageFor(
    await post<Session>(`${server.url}/api/v1/auth/signup`, {
      name: 'Kiran Rao',
      email: `u-${randomBytes(4).toString('hex')}@example.test`,
      phone: '9876543210',
      password: 'correct-horse-42',
      confirmPassword: 'correct-horse-42',
      inviteCode: 'E2E-PHONE',
    }),
  );
  await unverified.goto('/verify-user');
  await expect(unverified.getByRole('button', { name: 'Verify' })).toBeVisible();
  await noSidewaysOverflow(unverified, '/verify-user');

  const googleUser = await pageFor(
    await post<Session>(`${server.url}/api/v2/auth/google`, {
      authorization: google.idToken(`g-${randomBytes(4).toString('hex')}@example.test`, 'Meera Iyer'),
    }),
  );
  await googleUser.goto('/verify-invite');
  await expect(googleUser.getByRole('textbox', { name: 'Invite Code' })).toBeVisible();
  await noSidewaysOverflow(googleUser, '/verify-invite');
});
