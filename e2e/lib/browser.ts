import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Debian's Chromium (CHROME_PATH overrides it), never a downloaded browser. */
export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
/** No sandbox (CI runs as root), no GPU, no background networking on this closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * A full-page screenshot (a CI artefact). Parts the app leaves to the browser to draw only near the
 * viewport (`content-visibility: auto`, e.g. the result's insights) are drawn for it: the picture
 * shows what the learner sees on scrolling to each part, not the blank placeholders beyond the screen.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({
    path: `${screenshotDir}${name}.png`,
    fullPage: true,
    style: '* { content-visibility: visible !important; }',
  });
}
