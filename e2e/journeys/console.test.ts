import type { Page } from '@playwright/test';
import { axeCheck } from '../lib/a11y.js';
import { screenshot } from '../lib/browser.js';
import { expect, seededWithInvite, test } from '../lib/fixtures.js';
import { registerVerifiedLearner, signInWithTokens } from '../lib/learner.js';

const INVITE = 'E2E-CONSOLE';
test.use({ serverSetup: seededWithInvite(INVITE) });

/**
 * An institute's admin: made one with the CLI while `npm start`'s server holds the embedded store, they
 * open the Console from the avatar menu and read in the audit log what the CLI did. axe on every
 * console screen; the audit log on a phone too.
 */
test('an admin granted on the command line opens the console and reads the audit log', async ({
  freshPage,
  server,
  mail,
}) => {
  const found: string[] = [];
  const check = async (page: Page, name: string) => {
    await screenshot(page, name);
    found.push(...(await axeCheck(page, name)));
  };
  const { email, session } = await registerVerifiedLearner(server.url, mail, INVITE, 'Kavita Rao');

  // While the server runs: the CLI goes through its loopback channel, and each write is audited.
  expect(server.cli(['users', 'grant', email, '--role', 'admin'])).toContain(
    `${email} now has the admin role.`,
  );
  expect(server.cli(['invites', 'create', '--code', 'BATCH-A', '--max-uses', '30'])).toContain(
    'Invite code: BATCH-A',
  );

  const page = await freshPage();
  await signInWithTokens(page, session);
  await page.goto('/exams');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Console', level: 1 })).toBeVisible();
  await expect(page.getByText('Your roles: admin')).toBeVisible();
  await check(page, 'console-home');

  const nav = page.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const grid = page.getByRole('grid', { name: 'Audit log' });
  // The grid's data rows (its header is a row too), newest first: the set-up's invite was the CLI's too.
  const rows = grid.locator('[role="row"][data-id]');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('invite.create');
  await expect(rows.nth(0)).toContainText('invite: BATCH-A');
  await expect(rows.nth(1)).toContainText('role.grant');
  await expect(rows.nth(1)).toContainText(`user: ${email}`);
  await expect(rows.nth(1)).toContainText('cli');
  await expect(rows.nth(2)).toContainText(`invite: ${INVITE}`);
  await check(page, 'console-audit');

  // Filtered by object: only the role change.
  await page.getByRole('textbox', { name: 'Object' }).fill('user');
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('role.grant');

  // On a phone the log keeps when, who, what and the object, without scrolling sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('textbox', { name: 'Object' }).fill('');
  await expect(rows).toHaveCount(3);
  await expect(grid.getByRole('columnheader', { name: 'Change' })).toHaveCount(0);
  await expect(grid.getByRole('columnheader', { name: 'Who' })).toBeVisible();
  await check(page, 'console-audit-phone');

  expect(found, found.join('\n')).toEqual([]);
});

/**
 * The admin's class: a batch created in the console, a registered learner added by email (an address
 * with no account reported, not fatal), then found in the learners grid with that batch. axe on the
 * batches list, the batch's page and the learners grid.
 */
test('an admin creates a batch, adds a learner by email and finds them among the learners', async ({
  freshPage,
  server,
  mail,
}) => {
  const found: string[] = [];
  const check = async (page: Page, name: string) => {
    await screenshot(page, name);
    found.push(...(await axeCheck(page, name)));
  };
  const admin = await registerVerifiedLearner(server.url, mail, INVITE, 'Farah Khan');
  const learner = await registerVerifiedLearner(server.url, mail, INVITE, 'Meera Iyer');
  server.cli(['users', 'grant', admin.email, '--role', 'admin']);

  const page = await freshPage();
  await signInWithTokens(page, admin.session);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Batches' }).click();
  await expect(page).toHaveURL(/\/admin\/batches$/);
  await page.getByRole('textbox', { name: 'New batch name' }).fill('NEET Morning');
  await check(page, 'console-batches');
  await page.getByRole('button', { name: 'Create batch' }).click();

  await expect(page.getByRole('heading', { name: 'NEET Morning' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Members (0)' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Add by email' }).fill(`${learner.email}, nobody@example.test`);
  await page.getByRole('form', { name: 'Add by email' }).getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Not added (no such account): nobody@example.test')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Members (1)' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Members' })).toContainText(learner.email);
  await check(page, 'console-batch');

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Learners' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill('Meera');
  const rows = page.getByRole('grid', { name: 'Learners' }).locator('[role="row"][data-id]');
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(learner.email);
  await expect(rows.nth(0)).toContainText('NEET Morning');
  await check(page, 'console-learners');

  expect(found, found.join('\n')).toEqual([]);
});
