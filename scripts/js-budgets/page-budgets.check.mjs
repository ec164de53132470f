// The patient pages' JS budgets (issue 44 §2) on the production build: each page's gzipped JS,
// computed from Vite's manifest (closure.mjs), may exceed its budget (packages/web/budgets.mjs)
// by 5 % at most. `npm test` runs it on the build it made for the end-to-end tests
// (WEB_BUILD_DIR); alone it checks packages/web/dist: `npx vitest run --project budgets`.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_BUDGETS } from '../../packages/web/budgets.mjs';
import { root } from '../lib.mjs';
import { BUDGET_TOLERANCE, overBudget, weighPages } from './closure.mjs';

const buildDir = process.env.WEB_BUILD_DIR ?? path.join(root, 'packages/web/dist');

describe("patient pages' JS within budget", () => {
  console.log(`weighing the build in ${buildDir}`);
  const weights = weighPages(buildDir, PAGE_BUDGETS);

  for (const [name, page] of Object.entries(PAGE_BUDGETS)) {
    it(`${name}: gzipped JS at most ${page.budget_bytes} bytes + ${BUDGET_TOLERANCE * 100} %`, () => {
      const { bytes, files } = weights[name];
      console.log(`${name}: ${bytes} bytes of ${page.budget_bytes} (${((bytes / page.budget_bytes) * 100).toFixed(1)} %), ${files.length} files`);
      expect(overBudget({ [name]: weights[name] }, { [name]: page }), `${name} loads ${bytes} bytes: ${files.join(' ')}`).toEqual([]);
    });
  }
});
