import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './browser.js';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  'best-practices': number;
}

/**
 * Lighthouse (Node API) against Debian's Chromium started here with a DevTools port. `storage` is put
 * into the origin's localStorage first (through a CDP connection), and Lighthouse is told not to reset
 * storage — so a signed-in page can be audited without Puppeteer.
 */
export async function runLighthouse(
  url: string,
  storage: Record<string, string> = {},
): Promise<{ scores: LighthouseScores; failing: string[] }> {
  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = mkdtempSync(join(tmpdir(), 'ai-tutor-lh-'));
  const chrome = spawn(
    process.env.CHROME_PATH ?? CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  try {
    const endpoint = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        if ((await fetch(`${endpoint}/json/version`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port');
      await new Promise((r) => setTimeout(r, 200));
    }
    if (Object.keys(storage).length) {
      const browser = await chromium.connectOverCDP(endpoint);
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${a.id} (${a.score}) ${a.displayValue ?? ''}`);
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
      },
      failing,
    };
  } finally {
    chrome.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(profile, { recursive: true, force: true });
  }
}
