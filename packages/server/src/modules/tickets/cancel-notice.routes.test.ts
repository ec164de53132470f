import { describe, expect, it } from 'vitest';
import type { TicketView } from '@wartefrei/shared';
import { useAdmin } from '../../../test/support/use-test-app.js';
import { useAlertChannels } from '../../../test/support/message-channels.js';
import { givenOpenQueue, givenTicket, linkKey, linkKeyIn, memberAction } from '../../../test/support/tickets.js';

/*
 * Issue 40 §6: a patient learns that the practice cancelled their ticket on every channel they
 * gave — the mail address of the draw, and the push subscription and SMS number they gave for
 * "almost your turn" — in their language, each with a link of its own to the ticket page.
 */

const world = useAlertChannels();
const t = world.t;
const admin = useAdmin(t);

const ticketOf = async (key: string) => (await t.inject({ method: 'GET', url: `/members/${key}` })).json<TicketView>();
/** The pushes a subscription received, once `count` are there (sent after the request). */
async function pushesOf(clientHash: string, count: number): Promise<{ title: string; body: string; url: string; lang: string }[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const messages = (await world.push.messages(clientHash)).map((m) => JSON.parse(m) as { title: string; body: string; url: string; lang: string });
    if (messages.length >= count || Date.now() > deadline) return messages;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A patient far back in the line (no alert is due yet) who gave mail, push and SMS. */
async function givenPatient(lang: string, phone: string, mail: string) {
  const queueId = await givenOpenQueue(t, admin.accountId, {
    name: 'Allgemeinmedizin',
    mayActivateSmsNotifications: true,
    alertMembersAhead: 1,
    alertMinutesLeft: null,
    patientInputs: { display_name: 'NONE', first_name: 'NONE', birth_date: 'NONE', insurance_number: 'NONE', mail: 'OPTIONAL', phone: 'NONE' },
  });
  for (let i = 0; i < 3; i++) await givenTicket(t, queueId);
  const patient = await givenTicket(t, queueId, { mail, lang });
  const subscription = await world.push.subscribe(t.app.ctx.push.publicKey);
  const subscribed = await t.inject({
    method: 'PUT',
    url: `/members/${linkKey(patient)}/alerts`,
    payload: { push: { endpoint: subscription.endpoint, keys: subscription.keys }, sms: { phone } },
  });
  expect(subscribed.statusCode, subscribed.body).toBe(200);
  return { queueId, patient, subscription };
}

describe('a ticket cancelled by the practice', () => {
  it('reaches the patient by mail, SMS and push, in their language, each with its own link to the ticket', async () => {
    const { patient, subscription } = await givenPatient('en', '+43 664 7770001', 'storno-en@example.com');
    expect(await world.push.messages(subscription.clientHash)).toEqual([]);
    expect(world.sms.received.filter((s) => s.to === '+436647770001')).toEqual([]);

    expect((await memberAction(t, admin.user, patient.id, 'cancel')).statusCode).toBe(200);

    const mail = await t.smtp.waitForMail('storno-en@example.com');
    expect(mail.subject).toBe('Your ticket has been cancelled');
    const [text] = await world.sms.waitFor('+436647770001', 1);
    expect(text?.text).toMatch(new RegExp(`^Allgemeinmedizin: your ticket no\\. ${patient.number} has been cancelled by the practice\\. http://wartefrei\\.test/ticket/`));
    const [pushed] = await pushesOf(subscription.clientHash, 1);
    expect(pushed).toMatchObject({
      title: 'Allgemeinmedizin: your ticket has been cancelled',
      body: `Number ${patient.number} has been cancelled by the practice. If you have questions, please contact the practice.`,
      lang: 'en',
    });

    // Every message its own link (only hashes are kept), each opening the cancelled ticket.
    const links = [linkKeyIn(mail.text), linkKeyIn(text?.text), linkKeyIn(pushed?.url)];
    expect(new Set([...links, linkKey(patient)]).size).toBe(4);
    for (const link of links) expect((await ticketOf(link)).id).toBe(patient.id);
  });

  it('in German where the patient chose no language; no SMS where the list stopped allowing them', async () => {
    const { queueId, patient, subscription } = await givenPatient('de', '+43 664 7770002', 'storno-de@example.com');
    const { eq } = await import('drizzle-orm');
    const { queues } = await import('../../db/schema/index.js');
    await t.app.ctx.db.update(queues).set({ mayActivateSmsNotifications: false }).where(eq(queues.id, queueId));

    expect((await memberAction(t, admin.user, patient.id, 'cancel')).statusCode).toBe(200);
    const [pushed] = await pushesOf(subscription.clientHash, 1);
    expect(pushed?.title).toBe('Allgemeinmedizin: Ihr Ticket wurde storniert');
    expect((await t.smtp.waitForMail('storno-de@example.com')).subject).toBe('Ihr Ticket wurde storniert');
    // The mail and push are out; an SMS would have been sent beside them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(world.sms.received.filter((s) => s.to === '+436647770002')).toEqual([]);
  });
});
