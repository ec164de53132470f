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
