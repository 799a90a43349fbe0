import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Runs axe-core on the page as it is; prints the violation count and returns the serious/critical ones,
 * or with `every` all of them (a screen known to be clean stays clean of minor ones too).
 */
export async function axeCheck(page: Page, screen: string, { every = false } = {}): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = violations.filter((v) => every || v.impact === 'serious' || v.impact === 'critical');
  console.log(
    `axe ${screen}: ${violations.length} violation(s), ${blocking.length} serious/critical` +
      (violations.length ? ` [${violations.map((v) => `${v.id}:${v.impact}`).join(', ')}]` : ''),
  );
  return blocking.map(
    (v) =>
      `${screen}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
}
