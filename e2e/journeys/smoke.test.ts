import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startAppServer, type AppServer } from '../lib/app-server.js';
import { launchBrowser, screenshot } from '../lib/browser.js';

let server: AppServer;
let browser: Browser;
before(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the built server serves the web app and the login page renders', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${server.url}/exams`);
  await page.waitForURL('**/login');
  assert.equal(await page.title(), 'AI TUTOR');
  await page.getByText('Innovative AI solutions for a Smarter world').waitFor();
  await screenshot(page, 'login');
  assert.deepEqual(errors, [], 'no script errors or CSP violations in the console');
  await context.close();
});
