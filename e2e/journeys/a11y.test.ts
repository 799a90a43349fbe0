import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { axeCheck } from '../lib/a11y.js';
import { screenshot } from '../lib/browser.js';
import { expect, seededWithInvite, test } from '../lib/fixtures.js';
import { post, registerVerifiedLearner, signInWithTokens, type Session } from '../lib/learner.js';
import { answerCurrent, questionHeading, startFromDialog } from '../lib/quiz-page.js';

const INVITE = 'E2E-A11Y';
// The sample subjects mix option and numerical-value questions in a random order; the keyboard journey
// needs option questions (radio buttons) in the first places, whatever the draw.
const keyboardDrill = fileURLToPath(new URL('../fixtures/keyboard-drill.json', import.meta.url));
test.use({ serverSetup: seededWithInvite(INVITE, ['import', keyboardDrill]), googleSignIn: true });

test('axe: no serious or critical violations on any screen (screenshots of each)', async ({
  freshPage,
  server,
  mail,
  google,
}) => {
  const pageFor = async (session?: Session) => {
    const page = await freshPage();
    if (session) await signInWithTokens(page, session);
    return page;
  };
  const found: string[] = [];
  const check = async (page: Page, name: string) => {
    await screenshot(page, name);
    found.push(...(await axeCheck(page, name)));
  };

  const visitor = await pageFor();
  const publicScreens: [string, string, string][] = [
    ['login', '/login', 'Login'],
    ['register', '/register', 'Register'],
    ['forget-password', '/forget-password', 'Request OTP'],
    ['verify-otp', '/verify-otp/asha%40example.test', 'Verify'],
    ['reset-password', '/reset-password?token=e2e-token', ''],
  ];
  for (const [name, path, button] of publicScreens) {
    await visitor.goto(path);
    await expect(visitor.locator('form').first()).toBeVisible();
    if (button)
      await expect(visitor.getByRole('button', { name: button, exact: true }).first()).toBeVisible();
    await check(visitor, name);
  }
  await visitor.goto('/privacy');
  await expect(visitor.getByRole('heading').first()).toBeVisible();
  await check(visitor, 'privacy');

  const unverified = await pageFor(
    await post<Session>(`${server.url}/api/v1/auth/signup`, {
      name: 'Kiran Rao',
      email: `u-${randomBytes(4).toString('hex')}@example.test`,
      phone: '9876543210',
      password: 'correct-horse-42',
      confirmPassword: 'correct-horse-42',
      inviteCode: INVITE,
    }),
  );
  await unverified.goto('/verify-user');
  await expect(unverified.getByRole('button', { name: 'Verify' })).toBeVisible();
  await check(unverified, 'verify-user');

  const googleUser = await pageFor(
    await post<Session>(`${server.url}/api/v2/auth/google`, {
      authorization: google.idToken(`g-${randomBytes(4).toString('hex')}@example.test`, 'Meera Iyer'),
    }),
  );
  await googleUser.goto('/verify-invite');
  await expect(googleUser.getByRole('textbox', { name: 'Invite Code' })).toBeVisible();
  await check(googleUser, 'verify-invite');

  const { session } = await registerVerifiedLearner(server.url, mail, INVITE, 'Asha Verma');
  const page = await pageFor(session);
  await page.goto('/exams');
  await expect(page.getByRole('link', { name: /Show Details/ }).first()).toBeVisible();
  await check(page, 'exams');
  await page
    .getByRole('link', { name: /Show Details/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: /Start Subject Quiz/ }).first()).toBeVisible();
  const examUrl = page.url();
  await check(page, 'exam-detail');
  await startFromDialog(page, page.getByRole('button', { name: /Start Subject Quiz/ }).first());
  await check(page, 'quiz');
  await answerCurrent(page);
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(questionHeading(page, 2)).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Yes, Submit' })).toBeVisible();
  await check(page, 'quiz-submit-dialog');
  await page.getByRole('button', { name: 'Yes, Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Test Analysis' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Click on any question to view explanation')).toBeVisible();
  // An opened explanation is checked too.
  await page.getByRole('button', { name: 'Explanation for question 1', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Explanation' })).toBeVisible();
  await check(page, 'result');
  await page.goto(examUrl);
  await page
    .getByRole('link', { name: /Attempts/ })
    .nth(1)
    .click();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await check(page, 'attempts');

  expect(found, 'no serious or critical accessibility violations').toEqual([]);
});

interface Focus {
  name: string;
  role: string;
  visible: boolean;
  pressed: string | null;
}

/** What has focus, its accessible-ish name, and whether a focus indicator is drawn on it or its control. */
// A string, not a function: tsx would wrap nested functions in a helper the page does not have.
const FOCUS_PROBE = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return { name: '', role: 'body', visible: false, pressed: null };
  const labelled = el.getAttribute('aria-labelledby');
  const name =
    el.getAttribute('aria-label') ??
    (labelled ? labelled.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : null) ??
    ((el.labels && el.labels[0] && el.labels[0].textContent) || el.textContent || '');
  const role = el.getAttribute('role') ?? (el.tagName === 'INPUT' ? el.type : el.tagName.toLowerCase());
  const drawn = (node) => {
    if (!node) return false;
    const style = getComputedStyle(node);
    return (
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      style.boxShadow !== 'none' ||
      node.classList.contains('Mui-focusVisible')
    );
  };
  // A native radio is visually hidden inside MUI's Radio: its visible control draws the focus state.
  const visible = drawn(el) || (role === 'radio' && drawn(el.closest('.MuiRadio-root')));
  return { name: name.replace(/\\s+/g, ' ').trim(), role, visible, pressed: el.getAttribute('aria-pressed') };
})()`;

/** What has focus, its name, and whether a focus indicator is drawn on it (or on its visible control). */
function focused(page: Page): Promise<Focus> {
  return page.evaluate<Focus>(FOCUS_PROBE);
}

/** Presses `key` until focus is on an element whose name matches, asserting focus is visible there. */
async function focusOn(page: Page, name: RegExp, key = 'Tab', max = 60): Promise<Focus> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (name.test(now.name)) {
      expect(now.visible, `focus is visible on "${now.name}"`).toBe(true);
      return now;
    }
  }
  throw new Error(`${key} never reached ${name}`);
}

test('keyboard only: every quiz control reachable and usable, focus visible, palette states announced', async ({
  page,
  server,
  mail,
}) => {
  const { session } = await registerVerifiedLearner(server.url, mail, INVITE, 'Dev Patel');
  await signInWithTokens(page, session);
  await page.goto('/exams');
  // Tab only once the exams are on screen (the list arrives after the page's first paint).
  await expect(page.getByRole('link', { name: /Show Details/ }).first()).toBeVisible();
  await focusOn(page, /Show Details/);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/exams/*');
  // On to the drill's exam page (option questions only), from where everything is by keyboard again.
  await page.goto('/exams/keyboard-drill');
  await expect(page.getByRole('button', { name: /Start Subject Quiz/ }).first()).toBeVisible();
  await focusOn(page, /Start Subject Quiz/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Enter Fullscreen Mode' })).toBeVisible();
  // The dialog's confirm button has focus already; Enter continues into the quiz.
  expect((await focused(page)).visible, 'focus is visible in the fullscreen dialog').toBe(true);
  await page.keyboard.press('Enter');
  await expect(questionHeading(page, 1)).toBeVisible({ timeout: 20_000 });

  // Options: Tab into the radio group, Space picks, arrows move the choice.
  const radios = page.getByRole('radio');
  expect(await radios.count(), 'the first question has options').toBeGreaterThanOrEqual(2);
  for (let i = 0; i < 40 && (await focused(page)).role !== 'radio'; i++) await page.keyboard.press('Tab');
  const onRadio = await focused(page);
  expect(onRadio.role).toBe('radio');
  expect(onRadio.visible, 'focus is visible on an option').toBe(true);
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(radios.nth(1), 'ArrowDown chose the second option').toBeChecked();

  // Clear Response, then answer again and Save & Next.
  await focusOn(page, /^Clear Response$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('radio', { checked: true }), 'the response is cleared').toHaveCount(0);
  for (let i = 0; i < 40 && (await focused(page)).role !== 'radio'; i++)
    await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Space');
  await focusOn(page, /^Save & Next$/);
  await page.keyboard.press('Enter');
  await expect(questionHeading(page, 2)).toBeVisible();

  // Mark for Review toggles with Space; Prev goes back with Enter.
  const mark = await focusOn(page, /^Mark for Review$/, 'Shift+Tab');
  expect(mark.pressed).toBe('false');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Mark for Review', pressed: true })).toBeVisible();
  await focusOn(page, /^Prev$/, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(questionHeading(page, 1)).toBeVisible();

  // The palette: one tab stop, arrows move between questions, names carry the states.
  const first = await focusOn(page, /^Question 1\b/);
  expect(first.name).toMatch(/Question 1, answered, current question/i);
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(() => focused(page), { message: 'focus moves to a visible palette circle 2, marked for review' })
    .toMatchObject({
      name: expect.stringMatching(/^Question 2, (not answered, )?marked for review/i),
      visible: true,
    });
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await focused(page)).name).toMatch(/^Question 3, not answered/i);
  await page.keyboard.press('Enter');
  await expect(questionHeading(page, 3)).toBeVisible();

  // Submit: the dialog opens on 'No, Go Back'; Enter goes back, then Tab to 'Yes, Submit'.
  await focusOn(page, /^Submit$/, 'Shift+Tab', 80);
  await page.keyboard.press('Enter');
  const confirm = page.getByText('Are you sure you want to submit the exam?');
  await expect(confirm).toBeVisible();
  await expect.poll(async () => (await focused(page)).name).toMatch(/No, Go Back/);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect
    .poll(async () => (await focused(page)).name, { message: 'focus returns to Submit' })
    .toMatch(/^Submit$/);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await focusOn(page, /^Yes, Submit$/);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/quiz/result/*');
  await expect(page.getByRole('heading', { name: 'Test Analysis' })).toBeVisible({ timeout: 20_000 });
});
