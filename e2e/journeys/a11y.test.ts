import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '../lib/eventually.js';
import { axeCheck } from '../lib/a11y.js';
import type { AppServer } from '../lib/app-server.js';
import { screenshot } from '../lib/browser.js';
import type { startFakeGoogle } from '../lib/google.js';
import { post as postJson, registerVerifiedLearner, signInWithTokens, type Session } from '../lib/learner.js';
import type { startMailCatcher } from '../lib/mail-catcher.js';
import { startStack, type Stack } from '../lib/stack.js';
import { answerCurrent, startFromDialog } from '../lib/quiz-page.js';

let server: AppServer;
let browser: Browser;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
const INVITE = 'E2E-A11Y';
// The sample subjects mix option and numerical-value questions in a random order; the keyboard journey
// needs option questions (radio buttons) in the first places, whatever the draw.
const keyboardDrill = fileURLToPath(new URL('../fixtures/keyboard-drill.json', import.meta.url));

let stack: Stack;
before(async () => {
  stack = await startStack(INVITE, [['import', keyboardDrill]]);
  ({ server, browser, mail, google } = stack);
});
after(async () => stack?.stop());

const post = <T>(path: string, body: unknown) => postJson<T>(`${server.url}/api${path}`, body);

async function pageFor(session?: Session): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (session) await signInWithTokens(page, session);
  return page;
}

test('axe: no serious or critical violations on any screen (screenshots of each)', async () => {
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
    await visitor.goto(`${server.url}${path}`);
    await visitor.locator('form').first().waitFor();
    if (button) await visitor.getByRole('button', { name: button, exact: true }).first().waitFor();
    await check(visitor, name);
  }
  await visitor.goto(`${server.url}/privacy`);
  await visitor.getByRole('heading').first().waitFor();
  await check(visitor, 'privacy');
  await visitor.context().close();

  const unverified = await pageFor(
    await post<Session>('/v1/auth/signup', {
      name: 'Kiran Rao',
      email: `u-${randomBytes(4).toString('hex')}@example.test`,
      phone: '9876543210',
      password: 'correct-horse-42',
      confirmPassword: 'correct-horse-42',
      inviteCode: INVITE,
    }),
  );
  await unverified.goto(`${server.url}/verify-user`);
  await unverified.getByRole('button', { name: 'Verify' }).waitFor();
  await check(unverified, 'verify-user');
  await unverified.context().close();

  const googleUser = await pageFor(
    await post<Session>('/v2/auth/google', {
      authorization: google.idToken(`g-${randomBytes(4).toString('hex')}@example.test`, 'Meera Iyer'),
    }),
  );
  await googleUser.goto(`${server.url}/verify-invite`);
  await googleUser.getByRole('textbox', { name: 'Invite Code' }).waitFor();
  await check(googleUser, 'verify-invite');
  await googleUser.context().close();

  const { session } = await registerVerifiedLearner(server.url, mail, INVITE, 'Asha Verma');
  const page = await pageFor(session);
  await page.goto(`${server.url}/exams`);
  await page
    .getByRole('link', { name: /Show Details/ })
    .first()
    .waitFor();
  await check(page, 'exams');
  await page
    .getByRole('link', { name: /Show Details/ })
    .first()
    .click();
  await page
    .getByRole('button', { name: /Start Subject Quiz/ })
    .first()
    .waitFor();
  const examUrl = page.url();
  await check(page, 'exam-detail');
  await startFromDialog(page, page.getByRole('button', { name: /Start Subject Quiz/ }).first());
  await check(page, 'quiz');
  await answerCurrent(page);
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await page.getByText(/^Question - 2$/).waitFor();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, Submit' }).waitFor();
  await check(page, 'quiz-submit-dialog');
  await page.getByRole('button', { name: 'Yes, Submit' }).click();
  await page.getByRole('heading', { name: 'Test Analysis' }).waitFor({ timeout: 20_000 });
  await page.getByText('Click on any question to view explanation').waitFor();
  // An opened explanation is checked too.
  await page.getByTestId('question-row-1').click();
  await page.getByRole('heading', { name: 'Explanation' }).waitFor();
  await check(page, 'result');
  await page.goto(examUrl);
  await page
    .getByRole('link', { name: /Attempts/ })
    .nth(1)
    .click();
  await page.locator('tbody tr').first().waitFor();
  await check(page, 'attempts');
  await page.context().close();

  assert.deepEqual(found, [], 'no serious or critical accessibility violations');
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
      assert.ok(now.visible, `focus is visible on "${now.name}"`);
      return now;
    }
  }
  throw new Error(`${key} never reached ${name}`);
}

test('keyboard only: every quiz control reachable and usable, focus visible, palette states announced', async () => {
  const { session } = await registerVerifiedLearner(server.url, mail, INVITE, 'Dev Patel');
  const page = await pageFor(session);
  await page.goto(`${server.url}/exams`);
  // Tab only once the exams are on screen (the list arrives after the page's first paint).
  await page
    .getByRole('link', { name: /Show Details/ })
    .first()
    .waitFor();
  await focusOn(page, /Show Details/);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/exams/*');
  // On to the drill's exam page (option questions only), from where everything is by keyboard again.
  await page.goto(`${server.url}/exams/keyboard-drill`);
  await page
    .getByRole('button', { name: /Start Subject Quiz/ })
    .first()
    .waitFor();
  await focusOn(page, /Start Subject Quiz/);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Enter Fullscreen Mode' }).waitFor();
  // The dialog's confirm button has focus already; Enter continues into the quiz.
  assert.ok((await focused(page)).visible, 'focus is visible in the fullscreen dialog');
  await page.keyboard.press('Enter');
  await page.getByText(/^Question - 1$/).waitFor({ timeout: 20_000 });

  // Options: Tab into the radio group, Space picks, arrows move the choice.
  const radios = page.getByRole('radio');
  assert.ok((await radios.count()) >= 2, 'the first question has options');
  for (let i = 0; i < 40 && (await focused(page)).role !== 'radio'; i++) await page.keyboard.press('Tab');
  const onRadio = await focused(page);
  assert.equal(onRadio.role, 'radio');
  assert.ok(onRadio.visible, 'focus is visible on an option');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await eventually(async () =>
    assert.equal(await radios.nth(1).isChecked(), true, 'ArrowDown chose the second option'),
  );

  // Clear Response, then answer again and Save & Next.
  await focusOn(page, /^Clear Response$/);
  await page.keyboard.press('Enter');
  await eventually(async () =>
    assert.equal(await page.getByRole('radio', { checked: true }).count(), 0, 'the response is cleared'),
  );
  for (let i = 0; i < 40 && (await focused(page)).role !== 'radio'; i++)
    await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Space');
  await focusOn(page, /^Save & Next$/);
  await page.keyboard.press('Enter');
  await page.getByText(/^Question - 2$/).waitFor();

  // Mark for Review toggles with Space; Prev goes back with Enter.
  const mark = await focusOn(page, /^Mark for Review$/, 'Shift+Tab');
  assert.equal(mark.pressed, 'false');
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Mark for Review', pressed: true }).waitFor();
  await focusOn(page, /^Prev$/, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await page.getByText(/^Question - 1$/).waitFor();

  // The palette: one tab stop, arrows move between questions, names carry the states.
  const first = await focusOn(page, /^Question 1\b/);
  assert.match(first.name, /Question 1, answered, current question/i);
  await page.keyboard.press('ArrowRight');
  await eventually(async () => {
    const second = await focused(page);
    assert.match(second.name, /^Question 2, (not answered, )?marked for review/i);
    assert.ok(second.visible, 'focus is visible on a palette circle');
  });
  await page.keyboard.press('ArrowRight');
  await eventually(async () => assert.match((await focused(page)).name, /^Question 3, not answered/i));
  await page.keyboard.press('Enter');
  await page.getByText(/^Question - 3$/).waitFor();

  // Submit: the dialog opens on 'No, Go Back'; Enter goes back, then Tab to 'Yes, Submit'.
  await focusOn(page, /^Submit$/, 'Shift+Tab', 80);
  await page.keyboard.press('Enter');
  await page.getByText('Are you sure you want to submit the exam?').waitFor();
  await eventually(async () => assert.match((await focused(page)).name, /No, Go Back/));
  await page.keyboard.press('Enter');
  await page.getByText('Are you sure you want to submit the exam?').waitFor({ state: 'hidden' });
  await eventually(async () =>
    assert.match((await focused(page)).name, /^Submit$/, 'focus returns to Submit'),
  );
  await page.keyboard.press('Enter');
  await page.getByText('Are you sure you want to submit the exam?').waitFor();
  await focusOn(page, /^Yes, Submit$/);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/quiz/result/*');
  await page.getByRole('heading', { name: 'Test Analysis' }).waitFor({ timeout: 20_000 });
  await page.context().close();
});
