import { readFileSync } from 'node:fs';
import { expect, seededWithInvite, test } from '../lib/fixtures.js';
import { registerVerifiedLearner, signInWithTokens } from '../lib/learner.js';

test.use({ serverSetup: seededWithInvite('E2E-MYDATA') });

/**
 * docs/decisions/0023-learners-data-and-backups.md: from the avatar menu to the profile, the learner
 * downloads one file with their data, then deletes the account after typing DELETE and the password;
 * signed out, the old password no longer signs in.
 */
test('a learner downloads their data and deletes their account', async ({ page, server, mail }) => {
  const { email, password, session } = await registerVerifiedLearner(
    server.url,
    mail,
    'E2E-MYDATA',
    'Neha Rao',
  );
  await signInWithTokens(page, session);
  await page.goto('/exams');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^ai-tutor-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    summary: { name: string; email: string };
    profile: Record<string, unknown>;
  };
  expect(file.summary).toMatchObject({ name: 'Neha Rao', email });
  expect(JSON.stringify(file)).not.toContain(password);

  const remove = page.getByRole('button', { name: 'Delete my account' });
  await expect(remove).toBeDisabled();
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  await page.getByLabel('Password').fill('not-my-password');
  await remove.click();
  await expect(page.getByText('The password is not right. Nothing was deleted.')).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await remove.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(401);
});
