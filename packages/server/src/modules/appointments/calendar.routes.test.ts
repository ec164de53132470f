import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicOf, type ApiError, type Appointment, type RealtimeServerMessage } from '@wartefrei/shared';
import { TestSocket } from '../../../test/support/test-clients.js';
import type { TestApp } from '../../../test/support/test-app.js';
import { asUser } from '../../../test/support/factories.js';
import { bookingBody, givenBookablePractice, SPRING, startBookingApp } from '../../../test/support/appointments.js';

// What the staff calendar needs beyond booking: stretching an appointment, and hearing of
// another assistant's change without a reload.

let t: TestApp;
let baseUrl: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startBookingApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function givenCalendar() {
  const p = await givenBookablePractice(t, { at: SPRING.now });
  const headers = asUser(p.user);
  const book = async (start: string) => {
    const res = await t.inject({
      method: 'POST',
      url: '/appointments',
      headers,
      payload: { appointment_type_id: p.type.id, processor_id: p.processor.id, last_name: 'Kalender', start },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Appointment>();
  };
  const patch = (id: string, payload: Record<string, unknown>) => t.inject({ method: 'PATCH', url: `/appointments/${id}`, headers, payload });
  return { ...p, headers, book, patch };
}

describe('PATCH /appointments/{id} with an end (the calendar stretches or shortens)', () => {
  it('changes the length, keeps it on a later move, and refuses an end into the next appointment', async () => {
    const p = await givenCalendar();
    const first = await p.book(SPRING.monday8);
    const next = await p.book('2026-03-30T09:30:00+02:00');
    const shorter = await p.patch(first.id, { end: '2026-03-30T08:30:00+02:00' });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json<Appointment>()).toMatchObject({ start: SPRING.monday8, end: '2026-03-30T08:30:00+02:00' });

    // Moved without an end, it keeps its 30 minutes rather than the type's 60.
    const moved = await p.patch(first.id, { start: '2026-03-30T09:00:00+02:00' });
    expect(moved.json<Appointment>()).toMatchObject({ start: '2026-03-30T09:00:00+02:00', end: '2026-03-30T09:30:00+02:00' });

    const overlapping = await p.patch(first.id, { end: '2026-03-30T09:45:00+02:00' });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json<ApiError>().code).toBe('APPOINTMENT_SLOT_TAKEN');
    const backwards = await p.patch(first.id, { end: '2026-03-30T09:00:00+02:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<ApiError>().fields).toMatchObject({ end: { code: 'END_NOT_AFTER_START' } });
    expect((await p.patch(next.id, { end: '2026-03-31T10:00:00+02:00' })).json<ApiError>().fields).toMatchObject({ end: { code: 'MAX_VALUE' } });
  });
});

describe('appointments.changed on account:{id}', () => {
  it('tells the account’s staff of a patient’s booking, a staff move and a cancel, with the list and no patient data', async () => {
    const p = await givenCalendar();
    const socket = await TestSocket.connect(baseUrl, { username: p.user.username, token: p.user.token });
    sockets.push(socket);
    const topic = topicOf('account', p.accountId);
    socket.send({ type: 'subscribe', topics: [topic] });
    const subscribed = await socket.nextJson<RealtimeServerMessage>();
    const version = subscribed.type === 'subscribed' ? subscribed.topics[0]!.version : -1;

    const booked = await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(p.type.id, SPRING.monday8) });
    expect(booked.statusCode).toBe(201);
    expect(await socket.nextJson()).toEqual({ type: 'appointments.changed', topic, version: version + 1, queue_id: p.queueId });
    const id = booked.json<{ id: string }>().id;
    expect((await p.patch(id, { start: SPRING.monday9 })).statusCode).toBe(200);
    expect(await socket.nextJson()).toMatchObject({ type: 'appointments.changed', version: version + 2 });
    expect((await t.inject({ method: 'POST', url: `/appointments/${id}/cancel`, headers: p.headers, payload: {} })).statusCode).toBe(200);
    expect(await socket.nextJson()).toMatchObject({ type: 'appointments.changed', version: version + 3 });
    // A refused change announces nothing.
    expect((await p.patch(id, { start: SPRING.tuesday8 })).statusCode).toBe(409);
    await socket.expectNothingPending();
  });
});
