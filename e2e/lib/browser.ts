import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Debian's Chromium, never a downloaded browser; no background networking on this closed network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

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
