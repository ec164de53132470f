import type { LightMyRequestResponse } from 'fastify';
import type { LoggedUser, MemberActionResult, TicketView } from '@wartefrei/shared';
import { queueSessions, queues } from '../../src/db/schema/index.js';
import { asUser, givenQueue } from './factories.js';
import type { TestApp } from './test-app.js';

/** A queue whose session is open (written directly: opening is the sessions module's business). */
export async function givenOpenQueue(t: TestApp, accountId: string, settings: Partial<typeof queues.$inferInsert> = {}, options: { profileId?: string } = {}): Promise<string> {
  const queueId = await givenQueue(t, accountId, options);
  if (Object.keys(settings).length > 0) {
    const { eq } = await import('drizzle-orm');
    await t.app.ctx.db.update(queues).set(settings).where(eq(queues.id, queueId));
  }
  await t.app.ctx.db.insert(queueSessions).values({ queueId, open: true, sessionNo: 1, openedAt: t.clock.now() });
  return queueId;
}

/** Draws a ticket as a patient (ONLINE unless told otherwise) from a given client address. */
export function drawRequest(t: TestApp, queueId: string, payload: Record<string, unknown> = {}, ip = '198.51.100.7'): Promise<LightMyRequestResponse> {
  return t.inject({ method: 'POST', url: `/queues/${queueId}/members`, payload: { origin: 'ONLINE', ...payload }, remoteAddress: ip });
}

/** Draws a ticket and answers its view; fails the test on anything but 201. */
export async function givenTicket(t: TestApp, queueId: string, payload: Record<string, unknown> = {}): Promise<TicketView> {
  const res = await drawRequest(t, queueId, payload);
  if (res.statusCode !== 201) throw new Error(`draw failed: ${res.statusCode} ${res.body}`);
  return res.json<TicketView>();
}

/** A staff action on a member: `POST /members/{id}/{action}`. */
export function memberAction(t: TestApp, user: LoggedUser, memberId: string, action: string, payload?: Record<string, unknown>) {
  return t.inject({
    method: 'POST',
    url: `/members/${memberId}/${action}`,
    headers: asUser(user),
    ...(payload ? { payload } : {}),
  });
}

/** `POST /queues/{id}/call-next` as the user. */
export function callNext(t: TestApp, user: LoggedUser, queueId: string, payload: Record<string, unknown> = {}) {
  return t.inject({ method: 'POST', url: `/queues/${queueId}/call-next`, headers: asUser(user), payload });
}

/** The member of an action's answer; fails the test on anything but 200. */
export function memberOf(res: LightMyRequestResponse): MemberActionResult['member'] {
  if (res.statusCode !== 200) throw new Error(`action failed: ${res.statusCode} ${res.body}`);
  return res.json<MemberActionResult>().member;
}

/**
 * The token of a patient's link (`patient_url` of a draw's or booking's answer): what the
 * patient's routes take — `GET /members/{token}`, `GET /appointments/{token}` — never the id.
 */
export function linkKey(view: { patient_url?: string | undefined }): string {
  const token = view.patient_url?.split('/').pop();
  if (!token) throw new Error(`no patient_url in ${JSON.stringify(view)}`);
  return token;
}

/**
 * The token of the first patient link (`…/ticket/{token}`, `…/t/{token}`, `…/a/{token}`) in a
 * mail's, an SMS's or a push's text. Each message mints a link of its own: it differs from the
 * answer's, and opens the same record.
 */
export function linkKeyIn(text: string | undefined): string {
  const token = /\/(?:ticket|t|a)\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(text ?? '')?.[1];
  if (!token) throw new Error(`no patient link in ${JSON.stringify(text)}`);
  return token;
}
