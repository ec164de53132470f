import type { Locator, Page } from 'playwright-core';

/**
 * An input by its whole visible label (so "Passwort" is not "Passwort wiederholen"); a required
 * field's label ends in Mantine's " *".
 */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
}

/** The page's content: the main landmark. */
export function main(page: Page): Locator {
  return page.getByRole('main');
}
