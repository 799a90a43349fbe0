import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Answers the question on screen by its own controls (in practice and review, "How sure are you?" is a
 * radio group too): an option, the first box of a multiple-correct question, or '1' in the answer field.
 */
export async function answerCurrent(page: Page, optionIndex = 0): Promise<string> {
  const radios = page.getByRole('radiogroup', { name: /^Question - \d+/ }).getByRole('radio');
  const boxes = page.getByRole('group', { name: /^Question - \d+/ }).getByRole('checkbox');
  for (const choices of [radios, boxes]) {
    if ((await choices.count()) === 0) continue;
    const choice = choices.nth(optionIndex);
    await choice.check();
    return (await choice.getAttribute('value')) ?? '';
  }
  await page
    .getByRole('textbox', { name: /answer/i })
    .first()
    .fill('1');
  return '1';
}

/** The 'Question - N' heading of the question on screen. */
export function questionHeading(page: Page, n?: number): Locator {
  return page.getByText(n === undefined ? /^Question - \d+$/ : `Question - ${n}`, { exact: true });
}

export async function questionNumber(page: Page): Promise<number> {
  const text = await questionHeading(page).first().textContent();
  return Number(/\d+/.exec(text ?? '')?.[0]);
}

/** The declaration a mock or live test's instructions ask the learner to tick before Start. */
export const DECLARATION = /^I have read and understood the instructions/;

/**
 * Opens a start button's fullscreen dialog and continues into the quiz; a mock or live test's
 * instructions are declared read first (Start stays disabled until then).
 */
export async function startFromDialog(page: Page, startButton: Locator) {
  await startButton.click();
  const dialog = page.getByRole('dialog', { name: 'Enter Fullscreen Mode' });
  await expect(dialog).toBeVisible();
  const declaration = dialog.getByRole('checkbox', { name: DECLARATION });
  if ((await declaration.count()) > 0) {
    await expect(dialog.getByRole('button', { name: 'Start', exact: true })).toBeDisabled();
    await declaration.check();
  }
  await dialog.getByRole('button').last().click();
  await page.waitForURL('**/quiz/exam/**');
  await expect(questionHeading(page, 1)).toBeVisible({ timeout: 20_000 });
}
