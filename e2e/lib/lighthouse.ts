import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM } from './browser.js';

const REPORTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'lighthouse-reports');

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  'best-practices': number;
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * One Lighthouse run (Node API) against Debian's Chromium started here, fresh (empty cache), with a
 * DevTools port. `storage` is put into the origin's localStorage first (through a CDP connection), and
 * Lighthouse is told not to reset storage — so a signed-in page can be audited without Puppeteer.
 */
async function auditOnce(url: string, storage: Record<string, string>): Promise<Report> {
  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = mkdtempSync(join(tmpdir(), 'ai-tutor-lh-'));
  const chrome = spawn(
    CHROMIUM,
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
    const audit = () =>
      lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: true,
      });
    let result = await audit();
    // Lighthouse's own trace recording sometimes fails (NO_NAVSTART, NO_FCP…): that run measured
    // nothing, so it is run again rather than reported as a score of 0.
    for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
      console.log(`Lighthouse run failed (${result.lhr.runtimeError.code}); running it again`);
      result = await audit();
    }
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Lighthouse's performance score moves by a few points from run to run on the same build, so the page
 * is audited `runs` times (each in a fresh browser) and the median run is the result, as Lighthouse CI
 * does. That run's full report is written to e2e/lighthouse-reports/ (a CI artefact).
 */
export async function runLighthouse(
  url: string,
  storage: Record<string, string> = {},
  runs = 3,
): Promise<{ scores: LighthouseScores; runs: number[]; metrics: string; failing: string[] }> {
  const reports: Report[] = [];
  for (let i = 0; i < runs; i++) reports.push(await auditOnce(url, storage));
  const performanceOf = (report: Report) => Math.round((report.categories.performance?.score ?? 0) * 100);
  const sorted = [...reports].sort((a, b) => performanceOf(a) - performanceOf(b));
  const median = sorted[Math.floor(sorted.length / 2)]!;
  mkdirSync(REPORTS, { recursive: true });
  const name = new URL(url).pathname.split('/').filter(Boolean).slice(0, 2).join('-') || 'root';
  writeFileSync(join(REPORTS, `${name}.json`), JSON.stringify(median));

  const { categories, audits } = median;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id} (${a.score}) ${a.displayValue ?? ''}`);
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]
    .map((id) => `${id.replace(/-/g, ' ')} ${audits[id]?.displayValue ?? '?'}`)
    .join(', ');
  return {
    runs: reports.map(performanceOf),
    metrics,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
    },
    failing,
  };
}
