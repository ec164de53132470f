import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { PatientAppointment, WebhookEndpointWithSecret } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { setNow } from '../../../test/support/test-clock.js';
import { asUser } from '../../../test/support/factories.js';
import { bookingBody, givenBookablePractice, SPRING } from '../../../test/support/appointments.js';
import { linkKey } from '../../../test/support/tickets.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver.js';
import { dispatchDueDeliveries } from './index.js';

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({
    bookingLimit: { perIp: 100_000, windowSeconds: 600 },
    // The clock moves to the appointment's day: the staff's sign-ins must outlast it.
    tokenTtlSeconds: 30 * 86_400,
    webhooks: { allowedOrigins: [receiver.origin], timeoutMs: 2000 },
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const post = (url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers, ...(payload !== undefined ? { payload } : {}) });

describe('appointment events', () => {
  it('booked, moved (with the previous time), cancelled, restored and checked in — in order, signed, without the patient’s data', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now, queue: { allowMoveAppointment: true } });
    const created = await post(
      '/webhook-endpoints',
      { url: receiver.url(), events: ['appointment.booked', 'appointment.moved', 'appointment.cancelled', 'appointment.checked_in'] },
      asUser(p.user),
    );
    expect(created.statusCode).toBe(201);
    const endpoint = created.json<WebhookEndpointWithSecret>();

    const book = async (start: string) => {
      const res = await post('/appointments', bookingBody(p.type.id, start));
      expect(res.statusCode).toBe(201);
      return res.json<PatientAppointment>();
    };
    const first = await book(SPRING.monday8);
    expect((await post(`/appointments/${linkKey(first)}/move`, { start: SPRING.tuesday8 })).statusCode).toBe(200);
    const second = await book(SPRING.monday9);
    expect((await post(`/appointments/${linkKey(second)}/cancel`)).statusCode).toBe(200);
    expect((await post(`/appointments/${second.id}/restore`, undefined, asUser(p.user))).statusCode).toBe(200);
    setNow(t.clock, '2026-03-31T07:45:00+02:00');
    expect((await post(`/queues/${p.queueId}/session`, { event: 'START' }, asUser(p.processor))).statusCode).toBe(200);
    expect((await post(`/appointments/${linkKey(first)}/check-in`)).statusCode).toBe(200);

    for (let i = 0; i < 6; i++) await dispatchDueDeliveries(t.app.ctx, { runnerId: 'test-node' });
    const received = await receiver.waitFor(6);
    const events = received.map((r) => new Webhook(endpoint.secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> });
    expect(events.map((e) => [e.type, e.data.id])).toEqual([
      ['appointment.booked', first.id],
      ['appointment.moved', first.id],
      ['appointment.booked', second.id],
      ['appointment.cancelled', second.id],
      ['appointment.booked', second.id],
      ['appointment.checked_in', first.id],
    ]);
    expect(events[0]!.data).toMatchObject({
      profile_id: p.profileId,
      queue_id: p.queueId,
      appointment_type_id: p.type.id,
      processor_id: p.processor.id,
      start_at: new Date(SPRING.monday8).toISOString(),
      status: 'BOOKED',
      source: 'SELF_BOOKED',
    });
    expect(events[1]!.data).toMatchObject({
      start_at: new Date(SPRING.tuesday8).toISOString(),
      previous: { start_at: new Date(SPRING.monday8).toISOString(), end_at: new Date(SPRING.monday9).toISOString(), processor_id: p.processor.id },
    });
    expect(events[3]!.data).toMatchObject({ cancel_state: 'USER', deleted: false });
    expect(events[5]!.data).toMatchObject({ status: 'CHECKED_IN', checked_in_at: expect.any(String) });
    for (const r of received) {
      for (const personal of ['Maria', 'Muster', 'maria@example.com']) expect(r.body).not.toContain(personal);
    }
  });
});
