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
  const first = await analyseWhenStill(page);
  if (first.length === 0) return first;
  // A toast that starts to fade out while axe runs (its auto-close fell inside the analysis,
  // seen once in CI) is measured at half its opacity. A real defect is there at a second look;
  // a passing fade is not: report what both looks found.
  const second = await analyseWhenStill(page);
  const again = new Set(second.flatMap((v) => v.targets.map((t) => `${v.id} ${t}`)));
  return first.map((v) => ({ ...v, targets: v.targets.filter((t) => again.has(`${v.id} ${t}`)) })).filter((v) => v.targets.length > 0);
}

async function analyseWhenStill(page: Page): Promise<A11yViolation[]> {
  // A toast or dialog still fading in has the contrast of its half-way opacity: measure the
  // page once such short transitions (at most 2 s) have ended — seen under the load of the full
  // parallel run. Long or endless ones (the monitor's highlight of a new call, a loader's spin)
  // are part of the page and are measured as they are.
  // A toast may also start right after the page looked still (a live event's answer): the page
  // must stay free of short transitions for 300 ms in a row.
  await page.waitForFunction(
    () => {
      const settling = document.getAnimations().some((a) => {
        const end = Number(a.effect?.getComputedTiming().endTime ?? Infinity);
        return a.playState === 'running' && end <= 2_000;
      });
      const state = window as unknown as { __axeStillSince?: number };
      if (settling || state.__axeStillSince === undefined) state.__axeStillSince = settling ? undefined : performance.now();
      return state.__axeStillSince !== undefined && performance.now() - state.__axeStillSince >= 300;
    },
    undefined,
    { timeout: 5_000, polling: 50 },
  );
  await page.evaluate(() => {
    delete (window as unknown as { __axeStillSince?: number }).__axeStillSince;
  });
  // Legacy mode runs axe.run() in the page itself. The default (runPartial in every frame, then
  // finishRun) opens a blank page for every analysis to combine the frames' results, and with the
  // full results asked for, axe took about 0.8 s a page here; this way 0.4 s, over the 120-odd
  // analyses of a run (measured on pages + ticket). What legacy mode leaves out is frames of
  // another origin: none is analysed here — the embed is analysed at its own address.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode()
    // Only violations are read: passes and incomplete checks are not collected node by node.
    .options({ resultTypes: ['violations'] })
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
