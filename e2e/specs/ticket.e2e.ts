import type { LoggedUser, Queue, TicketView } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { saveScreenshot } from '../support/screenshots.js';
import { basic, DEMO, logInByApi } from '../support/session.js';
import { controllableSocket, linkKey } from '../support/staff.js';

// The patient's ticket page, live: a phone-sized browser follows a ticket while staff act through the API.
let browser: Browser;
let admin: LoggedUser;
let queueId: string;
let staffPage: Page;

const phone = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const staff = () => ({ authorization: basic(admin.id, admin.token) });

beforeAll(async () => {
  browser = await launchBrowser();
  staffPage = await newPage(browser);
  admin = await logInByApi(staffPage, DEMO.admin);
  const queues = (await (await staffPage.request.get('/queues', { headers: staff() })).json()) as Queue[];
  const queue = queues.find((q) => q.identifier === 'allgemein');
  if (!queue) throw new Error('demo queue allgemein missing');
  queueId = queue.id;
  // Open the list (already open answers SESSION_UNCHANGED, which is fine).
  await staffPage.request.post(`/queues/${queueId}/session`, { headers: staff(), data: { event: 'START' } });
});
afterAll(async () => {
  await browser.close();
});

async function drawTicket(page: Page): Promise<TicketView> {
  const response = await page.request.post(`/queues/${queueId}/members`, { data: { origin: 'ONLINE' } });
  expect(response.status()).toBe(201);
  return (await response.json()) as TicketView;
}

describe('ticket page', () => {
  it('shows the number and the wait, and says "your turn" live when staff call the ticket', async () => {
    const page = await newPage(browser, phone);
    const errors = collectBrowserErrors(page);
    const ticket = await drawTicket(page);
    await page.goto(`/ticket/${linkKey(ticket)}`);
    await page.getByText(String(ticket.number), { exact: true }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    expect(await page.getByText(/Vor Ihnen|Sie sind als Nächstes dran/).count()).toBe(1);
    expect(await page.getByText(/Voraussichtlicher Beginn: \d\d:\d\d Uhr/).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'ticket-waiting-375');

    // Remembered on this device, so the queue link can open it again.
    const map = await page.evaluate(() => JSON.parse(localStorage.getItem('ticketMap') ?? '{}') as Record<string, string>);
    expect(map[ticket.queue_id]).toBe(linkKey(ticket));

    // The patient switches on tone and vibration (browsers allow sound only after a tap).
    const alert = page.getByRole('button', { name: 'Ton und Vibration beim Aufruf' });
    await alert.click();
    expect(await alert.getAttribute('aria-pressed')).toBe('true');

    const called = await staffPage.request.post(`/members/${ticket.id}/call`, { headers: staff(), data: { force: true } });
    expect(called.status()).toBe(200);
    // Pushed, not polled: the page turns by itself, without a reload. How fast is measured in
    // bench/call-to-turn.mjs, not asserted here.
    await page.getByRole('heading', { level: 1, name: 'Sie sind an der Reihe!' }).waitFor();
    // Announced to screen readers through the aria-live region.
    expect(await page.locator('[aria-live="assertive"]').textContent()).toBe(`Nummer ${ticket.number} ist aufgerufen. Sie sind an der Reihe.`);
    expect(await page.locator('.ticket-called-numbers').textContent()).toContain(String(ticket.number));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'ticket-called-375');

    await staffPage.request.post(`/members/${ticket.id}/finish`, { headers: staff() });
    await page.getByRole('heading', { level: 1, name: 'Ihr Besuch ist abgeschlossen.' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lets the patient cancel after confirming, and then shows the ticket as cancelled', async () => {
    const page = await newPage(browser, phone);
    const ticket = await drawTicket(page);
    await page.goto(`/t/${linkKey(ticket)}`);
    await page.getByRole('button', { name: 'Ticket stornieren' }).click();
    // Nothing happens before the confirmation.
    await page.getByRole('button', { name: 'Nein, behalten' }).click();
    await page.getByRole('button', { name: 'Ticket stornieren' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Ja, stornieren' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ihr Ticket wurde storniert' }).waitFor();
    const view = (await (await page.request.get(`/members/${linkKey(ticket)}`)).json()) as TicketView;
    expect(view).toMatchObject({ status: 'FINISHED_BY_USER', cancel_state: 'USER' });
    expect(await page.getByRole('button', { name: 'Ticket stornieren' }).count()).toBe(0);
    // The processors' list shows it as cancelled by the patient.
    const list = (await (await staffPage.request.get(`/queues/${queueId}/members?status=FINISHED_BY_USER`, { headers: staff() })).json()) as {
      id: string;
      cancel_state: string | null;
    }[];
    expect(list.find((m) => m.id === ticket.id)).toMatchObject({ cancel_state: 'USER' });

    // Tapped by mistake: within ten minutes the patient takes it back, at their old place.
    await page.getByRole('button', { name: 'Stornierung zurücknehmen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Ihr Ticket ist wieder in der Liste, an seinem alten Platz.' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('shows "reconnecting" while the socket is cut and catches up after it is back', async () => {
    const page = await newPage(browser, phone);
    const socket = await controllableSocket(page);
    const ticket = await drawTicket(page);
    await page.goto(`/ticket/${linkKey(ticket)}`);
    await page.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    await socket.cut();
    await page.getByRole('status').filter({ hasText: 'Verbindung unterbrochen – wird wiederhergestellt …' }).waitFor();
    await saveScreenshot(page, 'ticket-reconnecting-375');
    // Called while the page is cut off: it cannot know yet.
    const called = await staffPage.request.post(`/members/${ticket.id}/call`, { headers: staff(), data: { force: true } });
    expect(called.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1, name: 'Sie warten' }).count()).toBe(1);
    const refetches: string[] = [];
    page.on('request', (request) => new URL(request.url()).pathname === `/members/${linkKey(ticket)}` && refetches.push(request.method()));
    socket.restore();
    // Reconnects 5 s after the cut, the ticket coming with `subscribed`: the call shows without a reload or a refetch.
    await page.getByRole('heading', { level: 1, name: 'Sie sind an der Reihe!' }).waitFor({ timeout: 15_000 });
    expect(await page.getByText('Verbindung unterbrochen').count()).toBe(0);
    expect(refetches).toEqual([]);
    await staffPage.request.post(`/members/${ticket.id}/finish`, { headers: staff() });
    await page.context().close();
  });

  it('tells an invalid link from an unknown ticket', async () => {
    const page = await newPage(browser, phone);
    await page.goto('/ticket/kein-ticket');
    await page.getByRole('heading', { level: 1, name: 'Ungültige Ticket-ID' }).waitFor();
    await page.goto('/ticket/Zm9vYmFyYmF6cXV4cXV1eA');
    await page.getByRole('heading', { level: 1, name: 'Ticket nicht gefunden' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('draw page', () => {
  it('shows the queue and the wait, draws a ticket, and the queue link then opens that running ticket', async () => {
    const page = await newPage(browser, phone);
    const errors = collectBrowserErrors(page);
    await page.goto('/praxis-demo/wien/allgemein');
    // The list offers appointments too, so the page asks first (booking.e2e.ts takes the other way).
    await page.getByRole('button', { name: /Jetzt anstellen/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Allgemeinmedizin' }).waitFor();
    expect(await page.getByText(/voraussichtliche Wartezeit etwa \d+ Minuten?\./).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'draw-375');
    await page.getByRole('button', { name: 'Ticket ziehen' }).click();
    await page.waitForURL(/\/ticket\/[A-Za-z0-9_-]{22}$/);
    await page.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    const ticketUrl = page.url();

    // Reopening the queue link shows the running ticket instead of drawing a second one.
    await page.goto('/praxis-demo/wien/allgemein');
    await page.waitForURL(ticketUrl);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lets the patient pick a queue when the link names a location with several', async () => {
    const page = await newPage(browser, phone);
    const identifier = `filiale-${Date.now()}`;
    const location = (await (await staffPage.request.post('/profiles', { headers: staff(), data: { name: 'Filiale Graz', identifier } })).json()) as { id: string };
    const make = async (name: string) =>
      (await (await staffPage.request.post('/queues', { headers: staff(), data: { profile_id: location.id, name, identifier: name.toLowerCase() } })).json()) as Queue;
    const open = await make('Impfung');
    await make('Befund');
    await staffPage.request.post(`/queues/${open.id}/session`, { headers: staff(), data: { event: 'START' } });

    await page.goto(`/praxis-demo/${identifier}`);
    await page.getByRole('heading', { level: 1, name: 'Filiale Graz: Bitte wählen Sie eine Warteliste' }).waitFor();
    // The closed list says why instead of offering a link.
    await page.getByText('Die Warteliste ist aktuell geschlossen').waitFor();
    expect(await page.getByRole('link', { name: /Befund/ }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'draw-pick-375');
    await page.getByRole('link', { name: /Impfung/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Impfung' }).waitFor();
    expect(page.url()).toContain(`/queue/${open.id}`);
    await page.context().close();
  });

  it('asks for the data the queue requires, checks it with the shared rules before sending, and says why a closed list refuses', async () => {
    const page = await newPage(browser, phone);
    const queues = (await (await staffPage.request.get('/queues', { headers: staff() })).json()) as Queue[];
    const allgemein = queues.find((q) => q.identifier === 'allgemein');
    const created = await staffPage.request.post('/queues', {
      headers: staff(),
      data: {
        profile_id: allgemein?.profile_id,
        name: 'Impfungen',
        identifier: `impfen-${Date.now()}`,
        patient_inputs: { display_name: 'REQUIRED', birth_date: 'REQUIRED', insurance_number: 'OPTIONAL' },
      },
    });
    expect(created.status()).toBe(201);
    const queue = (await created.json()) as Queue;

    // A new list is closed: the page says so and offers no form.
    await page.goto(`/q/${queue.id}`);
    await page.getByText('Die Warteliste ist aktuell geschlossen').waitFor();
    expect(await page.getByRole('button', { name: 'Ticket ziehen' }).count()).toBe(0);

    await staffPage.request.post(`/queues/${queue.id}/session`, { headers: staff(), data: { event: 'START' } });
    await page.goto(`/queue/${queue.id}`);
    await page.getByRole('button', { name: 'Ticket ziehen' }).click();
    await page.getByText('Anzeigename darf nicht leer sein').waitFor();
    await page.getByText('Geburtsdatum darf nicht leer sein').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Anzeigename').fill('Anna');
    await page.getByLabel('Tag').fill('1');
    await page.getByLabel('Monat').fill('1');
    await page.getByLabel('Jahr').fill('1980');
    await page.getByLabel('Sozialversicherungsnummer').fill('1238 010180');
    await page.getByRole('button', { name: 'Ticket ziehen' }).click();
    await page.getByText('Die Sozialversicherungsnummer ist ungültig (Prüfziffer stimmt nicht)').waitFor();
    expect(page.url()).toContain(`/queue/${queue.id}`);

    await page.getByLabel('Sozialversicherungsnummer').fill('1237 010180');
    await page.getByRole('button', { name: 'Ticket ziehen' }).click();
    await page.waitForURL(/\/ticket\/[A-Za-z0-9_-]{22}$/);
    await page.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ticketDisplayName'))).toBe('"Anna"');
    await page.context().close();
  });
});
