import type { Page } from 'playwright-core';

/** The focused element's accessible name as a person hears it: its label, else its own text; '' for the page's body. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '';
    const labelledBy = element.getAttribute('aria-labelledby');
    const label =
      element.getAttribute('aria-label') ??
      (labelledBy
        ? labelledBy
            .split(' ')
            .map((id) => document.getElementById(id)?.innerText ?? '')
            .join(' ')
        : null) ??
      (element as HTMLInputElement).labels?.[0]?.innerText ??
      element.innerText;
    return label.replace(/\s+/g, ' ').trim();
  });
}

const matches = (name: string, wanted: string | RegExp) => (typeof wanted === 'string' ? name === wanted : wanted.test(name));

/**
 * Presses Tab (Shift+Tab with `back`) until the focus is on an element with this name: proves
 * it is reachable by keyboard, in the page's order, without counting stops the test does not care about.
 */
export async function tabTo(page: Page, wanted: string | RegExp, options: { back?: boolean; max?: number } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < (options.max ?? 80); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const name = await focusedName(page);
    if (matches(name, wanted)) return;
    seen.push(name);
  }
  throw new Error(`"${String(wanted)}" was not reached by Tab; the focus went to: ${seen.join(' | ')}`);
}

/** Waits until the focus is on an element with this name (after a screen or a dialog changed). */
export async function focusIsOn(page: Page, wanted: string | RegExp): Promise<void> {
  const deadline = Date.now() + 10_000;
  let name = '';
  while (Date.now() < deadline) {
    name = await focusedName(page);
    if (matches(name, wanted)) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`the focus is on "${name || 'the page itself'}", not on "${String(wanted)}"`);
}

/**
 * Walks an open menu with the arrow keys to the item with this name. The menu takes the focus a
 * moment after it opens (Mantine's focus trap, on a timer), and arrows pressed before that move
 * nothing. In one loaded CI run ten presses ended with the focus on the page itself; the walk
 * now begins once the menu has the focus, and says where the focus is if it never gets there.
 */
export async function arrowToMenuItem(page: Page, wanted: string): Promise<void> {
  await page
    .waitForFunction(() => Boolean(document.activeElement?.closest('[role="menu"]')), undefined, { timeout: 10_000 })
    .catch(async () => {
      throw new Error(`the open menu never took the focus; it is on "${(await focusedName(page)) || 'the page itself'}"`);
    });
  for (let i = 0; i < 12 && (await focusedName(page)) !== wanted; i++) await page.keyboard.press('ArrowDown');
  await focusIsOn(page, wanted);
}

/** Whether the focused element shows it: it matches :focus-visible and draws an outline or a ring. */
export function focusShows(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || !element.matches(':focus-visible')) return false;
    const style = getComputedStyle(element);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });
}
