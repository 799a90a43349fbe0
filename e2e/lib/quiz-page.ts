import type { Page } from 'playwright-core';

/** Answers the question on screen: the first option, or a number in the free-text 'Answer' box. */
export async function answerCurrent(page: Page, optionIndex = 0): Promise<string> {
  const radios = page.getByRole('radio');
  if ((await radios.count()) > 0) {
    const radio = radios.nth(optionIndex);
    await radio.check();
    return (await radio.getAttribute('value')) ?? '';
  }
  await page.getByLabel('Answer').fill('1');
  return '1';
}

export async function questionNumber(page: Page): Promise<number> {
  const text = await page
    .getByText(/^Question - \d+$/)
    .first()
    .textContent();
  return Number(/\d+/.exec(text ?? '')?.[0]);
}

/** Opens a start button's fullscreen dialog and continues into the quiz. */
export async function startFromDialog(page: Page, startButton: ReturnType<Page['getByRole']>) {
  await startButton.click();
  const dialog = page.getByRole('dialog', { name: 'Enter Fullscreen Mode' });
  await dialog.waitFor();
  await dialog.getByRole('button').last().click();
  await page.waitForURL('**/quiz/exam/**');
  await page.getByText(/^Question - 1$/).waitFor({ timeout: 20_000 });
}
