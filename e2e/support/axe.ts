import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface A11yViolation {
  id: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements. */
  targets: string[];
}

/** Runs axe (WCAG 2.x A/AA and best practices) on the page; returns only serious and critical findings. */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  // A toast or dialog still fading in has the contrast of its half-way opacity: measure the
  // page as it settles, not mid-transition (seen under the load of the full parallel run).
  // Endless ones (a loader's spin) never settle and change no contrast: they are not waited for.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
}
