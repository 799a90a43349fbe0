import { screenshot } from '../lib/browser.js';
import { expect, test } from '../lib/fixtures.js';

test('the built server serves the web app and the login page renders', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/exams');
  await page.waitForURL('**/login');
  await expect(page).toHaveTitle('AI TUTOR');
  await expect(page.getByText('Innovative AI solutions for a Smarter world')).toBeVisible();
  await screenshot(page, 'login');
  expect(errors, 'no script errors or CSP violations in the console').toEqual([]);
});
