import type { Page } from '@playwright/test';
import { axeCheck } from '../lib/a11y.js';
import { apiAs } from '../lib/api.js';
import { screenshot } from '../lib/browser.js';
import { expect, seededWithInvite, test } from '../lib/fixtures.js';
import { registerVerifiedLearner, signInWithTokens } from '../lib/learner.js';

const INVITE = 'E2E-BILINGUAL';
test.use({ serverSetup: seededWithInvite(INVITE) });

const CAPACITOR = /^The separation between the plates/;
const HINDI = 'एक समांतर-प्लेट संधारित्र की प्लेटों के बीच की दूरी आधी कर दी जाती है';
const HINDI_FIXED = 'समांतर-प्लेट संधारित्र की प्लेटों के बीच की दूरी आधी करने पर (क्षेत्रफल और माध्यम वही) इसकी धारिता';

/**
 * An editor corrects the Hindi of a question of the sample JEE Main paper (docs/languages.md#the-console):
 * the Hindi beside the English, stacked on a phone; the learner's own screens previewed in Hindi at
 * 360 and 1024 px; the save a new version whose Hindi the API gives back. axe on each screen.
 */
test('an editor opens a bilingual question, corrects its Hindi beside the English and previews it', async ({
  freshPage,
  server,
  mail,
}) => {
  test.setTimeout(150_000);
  const found: string[] = [];
  const check = async (page: Page, name: string) => {
    await screenshot(page, name);
    found.push(...(await axeCheck(page, name)));
  };
  const editor = await registerVerifiedLearner(server.url, mail, INVITE, 'Meera Joshi');
  server.cli(['users', 'grant', editor.email, '--role', 'editor']);
  const api = apiAs(server.url, editor.session);

  const page = await freshPage();
  await signInWithTokens(page, editor.session);
  await page.goto('/admin/questions');
  const rows = page.getByRole('grid', { name: 'Question bank' }).locator('[role="row"][data-id]');
  await page.getByRole('textbox', { name: 'Search' }).fill('separation plates capacitor');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link', { name: CAPACITOR }).click();
  await expect(page.getByRole('heading', { name: 'Edit a question' })).toBeVisible();

  // The Hindi beside the English, its status said in words.
  const translations = page.getByRole('region', { name: 'Translations' });
  const hindi = translations.getByRole('textbox', { name: 'Question text (हिन्दी)' });
  const english = translations.getByRole('textbox', { name: 'Question text (English)' });
  await expect(hindi).toHaveValue(new RegExp(`^${HINDI}`));
  await expect(english).toHaveValue(CAPACITOR);
  await expect(translations.getByText('Approved: learners see it')).toBeVisible();
  await expect(translations.getByRole('textbox', { name: 'Option C (हिन्दी)' })).toHaveValue(
    'दोगुनी हो जाती है',
  );
  const [en, hi] = await Promise.all([english.boundingBox(), hindi.boundingBox()]);
  expect(hi!.x, 'side by side on a laptop').toBeGreaterThan(en!.x + en!.width - 1);

  // Edited, and previewed in Hindi as a learner who chose it sees it, at 360 and 1024 px.
  await hindi.fill(HINDI_FIXED);
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByRole('button', { name: 'हिन्दी' }).click();
  const phone = preview.getByRole('figure', { name: 'Phone (360 px)' });
  const laptop = preview.getByRole('figure', { name: 'Laptop (1024 px)' });
  await expect(phone).toContainText(HINDI_FIXED);
  await expect(laptop).toContainText(HINDI_FIXED);
  await expect(phone).toContainText('दोगुनी हो जाती है');
  await expect(phone.locator('[lang="hi"]').first()).toBeVisible();
  const [phoneBox, laptopBox] = await Promise.all([phone.boundingBox(), laptop.boundingBox()]);
  expect(Math.round(phoneBox!.width)).toBe(360);
  expect(Math.round(laptopBox!.width)).toBe(1024);
  await check(page, 'bilingual-editor-laptop');

  // On a phone the languages stack: the Hindi under the English, the page no wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  const [enPhone, hiPhone] = await Promise.all([english.boundingBox(), hindi.boundingBox()]);
  expect(hiPhone!.y, 'stacked on a phone').toBeGreaterThan(enPhone!.y + enPhone!.height - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await check(page, 'bilingual-editor-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Saved: a new version, whose Hindi the API gives back.
  await translations.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('form', { name: 'Edit the question' }).getByRole('status')).toHaveText(
    'Saved as version 2.',
  );
  const bank = await api('/v1/admin/questions?search=separation%20plates%20capacitor');
  const id = bank.data.rows[0].id as string;
  const saved = await api(`/v1/admin/questions/${id}/edit`);
  expect(saved.data.version).toBe(2);
  expect(saved.data.translations[0]).toMatchObject({ lang: 'hi', text: HINDI_FIXED, status: 'approved' });
  await check(page, 'bilingual-editor-saved');
  expect(found, 'axe: no serious or critical violations').toEqual([]);
});
