import type { LoggedUser, Queue, TicketView } from '@wartefrei/shared';
import type { Browser, Page } from 'playwright-core';
import { collectBrowserErrors, launchBrowser, newPage } from './browser.js';
import { basic, DEMO, logInByApi, storeUser } from './session.js';

/** A staff member (the demo admin unless said) acting through the API, as a screen or another client would. */
export interface Staff {
  user: LoggedUser;
  page: Page;
  call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown, expectStatus?: number): Promise<T>;
}

export async function demoAdmin(browser: Browser): Promise<Staff> {
  const page = await newPage(browser);
  return staffOf(page, await logInByApi(page, DEMO.admin));
}

/** Any signed-in staff member (e.g. a new practice's owner) acting through the API from `page`. */
export function staffOf(page: Page, user: LoggedUser): Staff {
  const headers = { authorization: basic(user.id, user.token) };
  return {
    user,
    page,
    async call<T>(method: string, path: string, data?: unknown, expectStatus?: number): Promise<T> {
      const response = await page.request.fetch(path, { method, headers, ...(data === undefined ? {} : { data }) });
      if (expectStatus !== undefined && response.status() !== expectStatus) {
        throw new Error(`${method} ${path}: expected ${expectStatus}, got ${response.status()} ${await response.text()}`);
      }
      return (response.status() === 204 ? undefined : await response.json()) as T;
    },
  };
}

/** A spec's own browser, the demo admin acting in it, and a demo queue opened for drawing. */
export async function givenOpenDemoQueue(identifier: 'allgemein' | 'labor'): Promise<{ browser: Browser; staff: Staff; queue: Queue }> {
  const browser = await launchBrowser();
  const staff = await demoAdmin(browser);
  return { browser, staff, queue: await openDemoQueue(staff, identifier) };
}

/**
 * A call as `user` that fails on any answer above 2xx, for a spec whose practice of its own has
 * no `Staff` (its owner's token changes as the spec signs in again).
 */
export async function callAs<T>(page: Page, user: LoggedUser, method: string, url: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(url, { method, headers: { authorization: basic(user.id, user.token) }, ...(data === undefined ? {} : { data }) });
  if (response.status() >= 300) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** The work view's desktop page with the demo processor signed in, recording the browser's errors. */
export async function demoProcessorPage(browser: Browser): Promise<{ page: Page; errors: string[]; processor: LoggedUser }> {
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  const errors = collectBrowserErrors(page);
  const processor = await logInByApi(page, DEMO.processor);
  await storeUser(page, processor);
  return { page, errors, processor };
}

/** A demo queue by identifier, opened for drawing (already open is fine). */
export async function openDemoQueue(staff: Staff, identifier: 'allgemein' | 'labor'): Promise<Queue> {
  const queues = await staff.call<Queue[]>('GET', '/queues');
  const queue = queues.find((q) => q.identifier === identifier);
  if (!queue) throw new Error(`demo queue ${identifier} missing`);
  await staff.call('POST', `/queues/${queue.id}/session`, { event: 'START' });
  return queue;
}

/**
 * The key of a patient's link: the token at the end of a draw's or booking's `patient_url`, what
 * the ticket and appointment pages and their routes take (never the record's id).
 */
export function linkKey(view: { patient_url?: string | undefined }): string {
  const key = view.patient_url?.split('/').pop();
  if (!key) throw new Error('no patient_url in the answer');
  return key;
}

/** The ticket's id behind a patient's link, as its page reads it (`GET /members/{key}`), for the staff calls that take ids. */
export async function ticketIdOfLink(page: Page, link: string): Promise<string> {
  const response = await page.request.get(`/members/${link.split('/').at(-1)}`);
  if (response.status() !== 200) throw new Error(`GET /members/{key}: ${response.status()}`);
  return ((await response.json()) as TicketView).id;
}

/** An online ticket drawn through the API (a patient's phone elsewhere). */
export async function drawByApi(page: Page, queueId: string): Promise<TicketView> {
  const response = await page.request.post(`/queues/${queueId}/members`, { data: { origin: 'ONLINE' } });
  if (response.status() !== 201) throw new Error(`draw: ${response.status()} ${await response.text()}`);
  return (await response.json()) as TicketView;
}

/**
 * Lets a test cut the page's live socket and restore it: every `/ws` connection goes through
 * Playwright, which passes it on to the real server while `up`, and refuses it while down.
 */
export async function controllableSocket(page: Page): Promise<{ cut: () => Promise<void>; restore: () => void }> {
  let up = true;
  const open: { close: () => Promise<void> }[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (!up) {
      void ws.close();
      return;
    }
    const server = ws.connectToServer();
    open.push({ close: async () => Promise.all([ws.close(), server.close()]).then(() => undefined) });
  });
  return {
    cut: async () => {
      up = false;
      await Promise.all(open.splice(0).map((connection) => connection.close()));
    },
    restore: () => {
      up = true;
    },
  };
}

/**
 * Ends every open ticket of a queue (waiting ones removed, processing ones finished), for a spec
 * that needs "call next" to reach its own ticket after other specs drew on the same demo list.
 */
export async function emptyQueue(staff: Staff, queueId: string): Promise<void> {
  const open = await staff.call<{ id: string; status: string }[]>('GET', `/queues/${queueId}/members?status=WAITING,PROCESSING`);
  for (const member of open) {
    await staff.call('POST', `/members/${member.id}/${member.status === 'WAITING' ? 'remove' : 'finish'}`, undefined, 200);
  }
}
