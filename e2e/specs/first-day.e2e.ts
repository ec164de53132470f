import type { Browser } from 'playwright-core';
import type { Queue, QueueSession } from '@wartefrei/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { field, main } from '../support/locators.js';
import { givenNewPractice } from '../support/practice.js';
import { saveScreenshot } from '../support/screenshots.js';
import { basic, DEMO, logInByApi, storeUser } from '../support/session.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const DEMO_REASON = /In der öffentlichen Demo ist das nicht möglich/;

describe("a practice's first day (issue 40 §7)", () => {
  it('opens a list set up during its opening hours when the owner answers "Jetzt öffnen?" with Ja', async () => {
    const page = await newPage(browser);
    const errors = collectBrowserErrors(page);
    const { owner } = await givenNewPractice(page, 'erster-tag');
    await storeUser(page, owner);
    await page.goto('/backend/onboarding');
    await main(page).getByRole('heading', { level: 1, name: 'Willkommen bei wartefrei' }).waitFor();
    await field(page, 'Name des Standorts').fill('Ordination Mitte');
    await main(page).getByRole('button', { name: 'Weiter', exact: true }).click();

    // Open every day, all day: whenever this runs, it runs during the list's hours (on the location's clock).
    await main(page).getByRole('heading', { level: 2, name: 'Ihre erste Warteliste' }).waitFor();
    await field(page, 'Name der Warteliste').fill('Sprechstunde');
    for (const day of ['Samstag', 'Sonntag']) {
      const chip = main(page).getByRole('checkbox', { name: day });
      // Mantine's chip hides its checkbox; its label is what a person clicks.
      if (!(await chip.isChecked()))
        await main(page)
          .locator(`label[for="${await chip.getAttribute('id')}"]`)
          .click();
    }
    await field(page, 'Öffnet um').fill('00:00');
    await field(page, 'Schließt um').fill('23:59');
    await main(page).getByRole('button', { name: 'Weiter', exact: true }).click();

    // The question takes the focus; the keyboard answers it.
    const question = main(page).getByRole('heading', { level: 2, name: 'Jetzt öffnen?' });
    await question.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Jetzt öffnen?');
    await main(page)
      .getByText(/\(bis 23:59 Uhr\)/)
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'first-day-open-now-1280');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Ja, jetzt öffnen');
    await page.keyboard.press('Enter');

    await main(page).getByRole('heading', { level: 2, name: 'Kiosk und Monitor' }).waitFor();
    const headers = { authorization: basic(owner.id, owner.token) };
    const [list] = (await (await page.request.get('/queues', { headers })).json()) as Queue[];
    const session = (await (await page.request.get(`/queues/${list!.id}/session`, { headers })).json()) as QueueSession;
    expect(session.open).toBe(true);
    // With billing (this server has Stripe), devices can still be ordered.
    await main(page)
      .getByRole('link', { name: /Kiosk und Monitor bestellen/ })
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the public demo (issue 40 §9)', () => {
  it('shows its admin the password change, invitations and deletes disabled, with the reason', async () => {
    const page = await newPage(browser);
    const errors = collectBrowserErrors(page);
    await storeUser(page, await logInByApi(page, DEMO.admin));

    await page.goto('/backend/profile');
    await main(page).getByTestId('demo-lock').getByText(DEMO_REASON).waitFor();
    for (const label of ['Aktuelles Passwort', 'Neues Passwort', 'Neues Passwort wiederholen']) expect(await field(page, label).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'first-day-demo-password-1280');

    await page.goto('/backend/management?tab=processors');
    await main(page).getByTestId('demo-lock').getByText(DEMO_REASON).waitFor();
    expect(await main(page).getByRole('button', { name: 'Bearbeiter einladen' }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'first-day-demo-invite-1280');

    await page.goto('/backend/management?tab=lists');
    await main(page).getByTestId('demo-lock').getByText(DEMO_REASON).waitFor();
    const deleteList = main(page).getByRole('button', { name: /Warteliste Allgemeinmedizin löschen – In der öffentlichen Demo/ });
    expect(await deleteList.isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'first-day-demo-lists-1280');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
