import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Appointment, AppointmentType, EncryptionState, LoggedUser, Member, Processor, Profile, Queue } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.js';
import { collectBrowserErrors, launchBrowser, newPage } from '../support/browser.js';
import { givenNewPractice, givenConsultationList } from '../support/practice.js';
import { saveScreenshot } from '../support/screenshots.js';
import { linkIn, waitForMail } from '../support/mail.js';
import { basic, declineTutorial, logInByApi, storeUser } from '../support/session.js';
import { callAs } from '../support/staff.js';
import { baseURL } from '../support/env.js';

// End-to-end encryption as a practice lives it, in a practice of its own (the demo practice's
// specs draw in the clear): the admin switches it on and keeps the recovery code; a patient's
// name leaves the phone sealed; the work view shows it only where the key is unlocked; the
// server's data folder holds the patient's mail but not the name.
let browser: Browser;
let page: Page;
let errors: string[];
let owner: LoggedUser;
let queue: Queue;
let earlier: Queue;
let location: Profile;
let identifier: string;
const passphrase = 'Praxis-Passphrase 2026';
let recoveryCode: string;
let alexUsername: string;
const placeholder = 'verschlüsselt – Schlüssel unter „Sicherheit“ entsperren';

const call = <T>(method: string, url: string, data?: unknown): Promise<T> => callAs<T>(page, owner, method, url, data);

/** Moves within the app without a reload, as a click on a link would: a reload drops the unlocked key. */
const visit = (to: string) =>
  page.evaluate((url) => {
    history.pushState({}, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);

/** A password reset as a user does it, by the link in the mail; it ends their sessions and drops their keys. */
async function resetPassword(username: string, password: string): Promise<LoggedUser> {
  const tokenIn = (mail: Awaited<ReturnType<typeof waitForMail>>) => linkIn(mail, `${baseURL}/passwordReset/`).split('/').pop()!;
  const resetMail = { subject: /Passwort/ };
  const before = await waitForMail(username, { ...resetMail, timeoutMs: 1 }).then(tokenIn, () => undefined);
  expect((await page.request.post('/password-reset', { data: { username } })).status()).toBe(204);
  let token = before;
  await expect.poll(async () => (token = await waitForMail(username, resetMail).then(tokenIn)), { timeout: 15_000 }).not.toBe(before);
  expect((await page.request.post(`/password-reset/${token}`, { data: { password, password_repeat: password } })).status()).toBe(204);
  return logInByApi(page, { username, password });
}

/** Every file under a folder, searched for a text as bytes: what a copy of the database would show. */
function folderContains(folder: string, text: string): boolean {
  const needle = Buffer.from(text, 'utf8');
  const walk = (dir: string): boolean =>
    fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : fs.readFileSync(full).includes(needle);
    });
  return walk(folder);
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  errors = collectBrowserErrors(page);
  ({ owner } = await givenNewPractice(page, 'geheim'));
  identifier = (await call<{ identifier: string }>('GET', `/accounts/${owner.account_id}`)).identifier;
  ({ location, queue } = await givenConsultationList(call));
  // A ticket drawn in the clear before encryption is switched on, on a list of its own (numbers stay as the specs below read them).
  earlier = await call<Queue>('POST', '/queues', { profile_id: location.id, name: 'Vorab', identifier: 'vorab', draw_online_enabled: true, patient_inputs: queue.patient_inputs });
  await call('POST', `/queues/${earlier.id}/session`, { event: 'START' });
  const drawn = await page.request.post(`/queues/${earlier.id}/members`, { data: { origin: 'ONLINE', first_name: 'Frieda', last_name: 'Frühzeit' } });
  expect(drawn.status()).toBe(201);
  await storeUser(page, owner);
}, 60_000);
afterAll(async () => {
  await browser.close();
});

describe('end-to-end encryption', () => {
  it('the admin creates a key, switches encryption on and is shown the recovery code once', async () => {
    await page.goto('/backend/encryption');
    await page.getByRole('heading', { level: 1, name: 'Sicherheit' }).waitFor();
    expect(await page.getByTestId('encryption-status').textContent()).toBe('Ausgeschaltet');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel(/^Passphrase\s*\*?$/).fill('zu kurz');
    await page.getByLabel(/^Passphrase wiederholen/).fill('zu kurz');
    await page.getByRole('button', { name: 'Schlüssel anlegen', exact: true }).click();
    await page.getByText('Die Passphrase muss mindestens 12 Zeichen lang sein').waitFor();
    await page.getByLabel(/^Passphrase\s*\*?$/).fill(passphrase);
    await page.getByLabel(/^Passphrase wiederholen/).fill(passphrase);
    await page.getByRole('button', { name: 'Schlüssel anlegen', exact: true }).click();
    await page.getByTestId('own-fingerprint').waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Verschlüsselung einschalten …' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ihr Wiederherstellungscode' });
    recoveryCode = (await dialog.getByTestId('recovery-code').textContent({ timeout: 30_000 }))!.trim();
    expect(recoveryCode).toMatch(/^([A-Z2-9]{4}-){6}[A-Z2-9]{2}$/);
    expect(await dialog.getByRole('button', { name: 'Einschalten' }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'encryption-recovery-code-1280');
    await dialog.getByLabel('Ich habe den Code ausgedruckt oder sicher notiert').check();
    await dialog.getByRole('button', { name: 'Einschalten' }).click();
    await page.getByText('In diesem Tab entsperrt', { exact: false }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('encryption-status').textContent()).toBe('Eingeschaltet');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'encryption-on-1280');
  }, 120_000);

  it('the ticket stored in the clear before the switch is sealed by the admin’s browser', async () => {
    expect(await page.getByTestId('seal-existing-remaining').textContent()).toBe('Noch unverschlüsselt gespeichert: 1 Datensatz (Ticket oder Termin).');
    await page.getByRole('button', { name: 'Jetzt verschlüsseln' }).click();
    await page.getByText('1 früherer Datensatz ist jetzt verschlüsselt.').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('seal-existing-none').textContent()).toBe('Alle gespeicherten Patientendaten sind verschlüsselt.');
    const [stored] = await call<Member[]>('GET', `/queues/${earlier.id}/members`);
    expect(stored).toMatchObject({ first_name: null, last_name: null, sealed_data: expect.stringMatching(/^wf2s\./) });
    // The admin's unlocked browser opens it as any sealed ticket.
    await visit(`/backend/processor/${earlier.id}`);
    await page
      .getByRole('row', { name: `Ticket Nr. ${stored!.number}`, exact: true })
      .getByText('Frieda Frühzeit')
      .waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
  }, 60_000);

  it('a patient’s name leaves the phone sealed; the unlocked work view shows it, a locked one a placeholder', async () => {
    const phone = await newPage(browser, { viewport: { width: 375, height: 667 }, isMobile: true });
    const phoneErrors = collectBrowserErrors(phone);
    await phone.goto(`/${identifier}/ordination/sprechstunde`);
    await phone.getByLabel('Vorname').fill('Selma');
    await phone.getByLabel('Nachname').fill('Siegelmann');
    await phone.getByLabel(/^E-Mail/).fill('selma.klartext@example.com');
    await phone.getByRole('button', { name: 'Ticket ziehen' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Sie warten' }).waitFor();
    expect(phoneErrors).toEqual([]);

    // The server keeps the sealed text only; the mail stays readable, as the screen says.
    const [stored] = await call<Member[]>('GET', `/queues/${queue.id}/members`);
    expect(stored).toMatchObject({ first_name: null, last_name: null, mail: 'selma.klartext@example.com', sealed_data: expect.stringMatching(/^wf2s\./) });

    // The key lives in the tab's memory only: opened anew, the work view shows a placeholder and asks for the passphrase.
    await page.goto(`/backend/processor/${queue.id}`);
    const row = page.getByRole('row', { name: `Ticket Nr. ${stored!.number}`, exact: true });
    await row.getByText(placeholder).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel(/^Passphrase/).fill(passphrase);
    await page.getByRole('button', { name: 'Entsperren' }).click();
    await row.getByText('Selma Siegelmann').waitFor({ timeout: 30_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'encryption-work-view-1280');
    // The browser searches the names it opened: the server cannot.
    await page.getByLabel('Suche').fill('siegel');
    await row.getByText('Selma Siegelmann').waitFor();
    await page.getByLabel('Suche').fill('');
    await page.reload();
    await row.getByText(placeholder).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('a new processor sees placeholders until an admin compares the fingerprint and approves', async () => {
    const username = (alexUsername = `assistenz-${Date.now().toString(36)}@praxis.example`);
    const processor = await call<Processor>('POST', '/processors', { username, display_name: 'Alex Assistenz' });
    await call('PUT', `/queues/${queue.id}/processors/${processor.id}`);
    const token = linkIn(await waitForMail(username), `${baseURL}/passwordReset/`)
      .split('/')
      .pop()!;
    const password = 'assistenz-passwort';
    expect((await page.request.post(`/password-reset/${token}`, { data: { password, password_repeat: password } })).status()).toBe(204);
    const desk = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const deskErrors = collectBrowserErrors(desk);
    await storeUser(desk, await declineTutorial(desk, await logInByApi(desk, { username, password })));

    await desk.goto(`/backend/processor/${queue.id}`);
    await desk.getByText('Die Patientendaten sind verschlüsselt, und Sie haben noch keinen Zugang.').waitFor();
    await desk.getByRole('row', { name: 'Ticket Nr. 1', exact: true }).getByText(placeholder).waitFor();
    await desk.getByRole('link', { name: 'Zur Sicherheit' }).click();
    await desk.getByLabel(/^Passphrase\s*\*?$/).fill('Alex eigene Passphrase');
    await desk.getByLabel(/^Passphrase wiederholen/).fill('Alex eigene Passphrase');
    await desk.getByRole('button', { name: 'Schlüssel anlegen', exact: true }).click();
    const fingerprint = (await desk.getByTestId('own-fingerprint').textContent({ timeout: 30_000 }))!;
    await desk.getByRole('button', { name: 'Zugang anfragen' }).click();
    await desk.getByText(`Ihre Anfrage wartet auf Freigabe.`, { exact: false }).waitFor();
    expect(await seriousA11yViolations(desk)).toEqual([]);

    // The admin unlocks (the key went with the last reload), compares and approves.
    await page.goto('/backend/encryption');
    await page.getByLabel(/^Passphrase/).fill(passphrase);
    await page.getByRole('button', { name: 'Entsperren' }).click();
    await page.getByText('In diesem Tab entsperrt', { exact: false }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Freigeben: Alex Assistenz' }).click();
    const confirm = page.getByRole('dialog', { name: 'Zugang für Alex Assistenz freigeben?' });
    expect(await confirm.textContent()).toContain(fingerprint);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'encryption-approve-1280');
    await confirm.getByRole('button', { name: 'Freigeben' }).click();
    await page.getByText('Zugang für Alex Assistenz freigegeben.').waitFor();

    await desk.reload();
    await desk.getByLabel(/^Passphrase/).fill('Alex eigene Passphrase');
    await desk.getByRole('button', { name: 'Entsperren' }).click();
    await desk.getByText('In diesem Tab entsperrt', { exact: false }).waitFor({ timeout: 30_000 });
    await desk.getByRole('link', { name: 'Arbeitsansicht' }).click();
    await desk.getByRole('row', { name: 'Ticket Nr. 1', exact: true }).getByText('Selma Siegelmann').waitFor();
    expect(deskErrors).toEqual([]);
    await desk.context().close();
  }, 180_000);

  it('after every key holder reset their password, the printed recovery code restores access', async () => {
    const alex = await resetPassword(alexUsername, 'ein-neues-assistenz-passwort');
    owner = await resetPassword(owner.username, 'ein-neues-praxis-passwort');
    await storeUser(page, owner);
    // Their own keys and grants went with the old passwords: nobody holds the practice key now.
    const state = async (user: LoggedUser) => (await (await page.request.get('/encryption', { headers: { authorization: basic(user.id, user.token) } })).json()) as EncryptionState;
    expect(await state(alex)).toMatchObject({ enabled: true, my_key: null, my_access: null });
    expect(await state(owner)).toMatchObject({ enabled: true, my_key: null, my_access: null });

    await page.goto('/backend/encryption');
    await page.getByLabel(/^Passphrase\s*\*?$/).fill('Eine ganz neue Passphrase');
    await page.getByLabel(/^Passphrase wiederholen/).fill('Eine ganz neue Passphrase');
    await page.getByRole('button', { name: 'Schlüssel anlegen', exact: true }).click();
    await page.getByText('Sie haben noch keinen Zugang zu den verschlüsselten Patientendaten.').waitFor({ timeout: 30_000 });

    await page.getByLabel('Wiederherstellungscode', { exact: true }).fill(recoveryCode.toLowerCase().replace(/-/g, ' '));
    await page.getByRole('button', { name: 'Wiederherstellen' }).click();
    await page.getByText('In diesem Tab entsperrt', { exact: false }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Arbeitsansicht' }).click();
    await page.getByRole('row', { name: 'Ticket Nr. 1', exact: true }).getByText('Selma Siegelmann').waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('the CSV import, the export and the sorting by name happen in the browser, names sealed on the way', async () => {
    const type = await call<AppointmentType>('POST', '/appointment-types', { queue_id: queue.id, name: 'Kontrolle', duration_minutes: 15 });
    await call('PUT', `/queues/${queue.id}/processors/${owner.id}`);
    for (let weekday = 1; weekday <= 7; weekday++)
      await call('POST', '/appointment-slots', { profile_id: location.id, processor_id: owner.id, kind: 'WEEK', weekday, start_time: '00:00', end_time: '23:55' });
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const row = (time: string, last: string, first: string, birth: string) => `${type.id};${day} ${time};${owner.id};${last};${first};${birth};Kontrolle ${last}`;
    const header = 'appointment_type_id;start;processor_id;last_name;first_name;birth_date;description';

    await visit('/backend/management?tab=import');
    await page.getByText('Die Verschlüsselung ist eingeschaltet', { exact: false }).waitFor();
    const field = page.getByLabel('Oder Inhalt einfügen');
    // Only this browser can see a wrong birth date: it names the line before anything is sent.
    await field.fill([header, row('10:00', 'Zander', 'Zora', '1980-01-01'), row('10:30', 'Amsel', 'Anton', '2999-01-01')].join('\n'));
    await page.getByRole('button', { name: 'Prüfen' }).click();
    await page.getByText('1 Zeilen haben Fehler; nichts wurde übernommen.').waitFor();
    expect(await page.locator('[data-line="3"]').textContent()).toContain('birth_date');
    await field.fill([header, row('10:00', 'Zander', 'Zora', '1980-01-01'), row('10:30', 'Amsel', 'Anton', '1975-05-05')].join('\n'));
    await page.getByRole('button', { name: 'Prüfen' }).click();
    await page.getByText('Alle 2 Zeilen sind in Ordnung.').waitFor({ timeout: 30_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '2 Termine importieren' }).click();
    await page.getByText('2 Termine importiert.').waitFor({ timeout: 30_000 });
    const stored = await call<{ last_name: string | null; sealed_data: string | null; description: string | null }[]>('GET', `/appointments?from=${day}&to=${day}`);
    expect(stored).toHaveLength(2);
    expect(stored.every((appointment) => appointment.last_name === null && appointment.description === null && appointment.sealed_data)).toBe(true);

    // The analysis over today and the import's day, names shown, sorted by name here.
    const today = new Date().toISOString().slice(0, 10);
    await visit(`/backend/reporting?period=custom&from=${today}&to=${day}`);
    await page.getByText('Namen anzeigen', { exact: true }).click();
    const table = page.locator('section[aria-labelledby="report-members"]');
    await table.getByText('Selma Siegelmann').waitFor({ timeout: 30_000 });
    await table.getByRole('button', { name: 'Nach Name sortieren' }).click();
    const names = () => table.locator('tbody tr td:last-child').allTextContents();
    await expect.poll(names).toEqual(['Zora Zander', 'Selma Siegelmann', 'Frieda Frühzeit', 'Anton Amsel']);
    await table.getByRole('button', { name: 'Nach Name sortieren' }).click();
    await expect.poll(names).toEqual(['Anton Amsel', 'Frieda Frühzeit', 'Selma Siegelmann', 'Zora Zander']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'encryption-report-names-1280');

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV herunterladen' }).click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/^wartefrei-auswertung-.*\.csv$/);
    const csv = fs.readFileSync(await csvDownload.path(), 'utf8');
    expect(csv).toContain('Selma Siegelmann');
    expect(csv).toContain('Zora Zander');
    expect(csv).not.toContain('wf2s.');
    const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel (xlsx) herunterladen' }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsxDownload.path());
    const cells: unknown[] = [];
    workbook.worksheets[0]!.eachRow((sheetRow) => cells.push(...(sheetRow.values as unknown[])));
    expect(cells).toEqual(expect.arrayContaining(['Anton Amsel', 'Selma Siegelmann', 'Zora Zander']));
    expect(errors).toEqual([]);
  }, 180_000);

  it('a staff series is sealed for its series: every occurrence shows the name, one moved out of the series too', async () => {
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const weekLater = new Date(Date.parse(`${day}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    await visit(`/backend/appointments?date=${day}&view=day`);
    // The calendar takes a click once it is live; where the grid starts depends on the day's hours, so the time is typed.
    await page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor({ timeout: 30_000 });
    await page
      .locator(`[data-column^="${day}|"]`)
      .first()
      .click({ position: { x: 30, y: 245 } });
    const dialog = page.getByRole('dialog', { name: 'Neuer Termin' });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByLabel('Uhrzeit').fill('09:00');
    await dialog.getByLabel(/^Nachname/).fill('Reihenfolge');
    await dialog.getByLabel('Vorname').fill('Rita');
    await dialog.getByLabel('Wiederholen').selectOption('WEEKLY');
    await dialog.getByLabel('Anzahl Termine').fill('3');
    await dialog.getByRole('button', { name: 'Termin buchen' }).click();
    await page.getByText('3 Termine gebucht').waitFor({ timeout: 30_000 });
    // Opened in this browser: the calendar names the patient the server only holds sealed.
    await page.getByRole('button', { name: /^09:00–09:\d\d, Reihenfolge, Rita/ }).waitFor({ timeout: 30_000 });

    // Stored sealed, bound to the series id the browser chose, never in the clear.
    const to = new Date(Date.parse(`${day}T12:00:00Z`) + 21 * 86_400_000).toISOString().slice(0, 10);
    const series = (await call<Appointment[]>('GET', `/appointments?from=${day}&to=${to}`)).filter((a) => a.series_id !== null);
    expect(series).toHaveLength(3);
    expect(series.every((a) => a.last_name === null && a.sealed_data?.startsWith('wf2s.') && a.sealed_series_id === a.series_id)).toBe(true);

    // An occurrence moved out of its series keeps the series' text: still shown by name.
    const second = series[1]!;
    await call('PATCH', `/appointments/${second.id}`, { start: second.start.replace('T09:00', 'T10:00'), version: second.version });
    await visit(`/backend/appointments?date=${weekLater}&view=day`);
    await page.getByRole('button', { name: /^10:00–10:\d\d, Reihenfolge, Rita/ }).waitFor({ timeout: 30_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('the server’s data folder holds the patient’s mail but not the name', async () => {
    const dataDir = process.env.E2E_DATA_DIR;
    if (!dataDir) throw new Error('E2E_DATA_DIR is not set — start the end-to-end tests with "npm run test:e2e"');
    // The mail proves the search reaches what the database wrote; the name must not be there.
    expect(folderContains(dataDir, 'selma.klartext@example.com')).toBe(true);
    expect(folderContains(dataDir, 'Siegelmann')).toBe(false);
    expect(folderContains(dataDir, 'Zander')).toBe(false);
    expect(folderContains(dataDir, 'Reihenfolge')).toBe(false);
  });

  it('switching off decrypts in the admin’s browser, after a confirmation, and stores the names readable again', async () => {
    await page.goto('/backend/encryption');
    await page.getByLabel(/^Passphrase/).fill('Eine ganz neue Passphrase');
    await page.getByRole('button', { name: 'Entsperren' }).click();
    await page.getByText('In diesem Tab entsperrt', { exact: false }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Verschlüsselung ausschalten …' }).click();
    const confirm = page.getByRole('dialog', { name: 'Verschlüsselung wirklich ausschalten?' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Entschlüsseln und ausschalten' }).click();
    await page.getByText('Die Verschlüsselung ist ausgeschaltet.', { exact: false }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('encryption-status').textContent()).toBe('Ausgeschaltet');
    const [stored] = await call<Member[]>('GET', `/queues/${queue.id}/members`);
    expect(stored).toMatchObject({ first_name: 'Selma', last_name: 'Siegelmann', sealed_data: null });
    expect(errors).toEqual([]);
  }, 120_000);
});
