import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedAppointment, LoggedUser, PatientAppointment, TicketView } from '@wartefrei/shared';
import { selectRows } from '../../db/connect.js';
import { sql } from 'drizzle-orm';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';
import { givenBookablePractice, startBookingApp } from '../../../test/support/appointments.js';
import { givenOpenQueue, linkKey } from '../../../test/support/tickets.js';
import type { TestApp } from '../../../test/support/test-app.js';
import { setNow } from '../../../test/support/test-clock.js';
import { TestSocket } from '../../../test/support/test-clients.js';

/*
 * A patient's link is a random secret, separate from the id (issue 39 §1–2): the draw's and
 * booking's answers carry it, every public patient route takes it, and the record's id alone —
 * without staff credentials — answers exactly like a key nobody has.
 */

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await startBookingApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

/** Monday 30 March 2026 in Vienna. */
const at = (time: string) => `2026-03-30T${time}:00+02:00`;

async function givenPractice() {
  const p = await givenBookablePractice(t, { at: at('07:00'), slot: { start_time: '08:00', end_time: '12:00' } });
  const staff = asUser(p.user);
  expect((await t.inject({ method: 'POST', url: `/queues/${p.queueId}/session`, headers: staff, payload: { event: 'START' } })).statusCode).toBe(200);
  const draw = async () => {
    const res = await t.inject({ method: 'POST', url: `/queues/${p.queueId}/members`, payload: { origin: 'ONLINE', mail: 'anna@example.com' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TicketView>();
  };
  const book = async (time = '09:00') => {
    const res = await t.inject({
      method: 'POST',
      url: '/appointments',
      payload: { appointment_type_id: p.type.id, start: at(time), first_name: 'Maria', last_name: 'Muster', mail: 'm@example.com' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PatientAppointment>();
  };
  return { ...p, staff, draw, book };
}

/** Every public patient route, with the key in its path. */
const patientRoutes = (key: string, start: string) =>
  [
    { method: 'GET', url: `/members/${key}` },
    { method: 'DELETE', url: `/members/${key}` },
    { method: 'POST', url: `/members/${key}/restore`, payload: {} },
    { method: 'PUT', url: `/members/${key}/alerts`, payload: { sms: { phone: '+43 664 1234567' } } },
    { method: 'DELETE', url: `/members/${key}/alerts` },
    { method: 'GET', url: `/appointments/${key}` },
    { method: 'GET', url: `/appointments/${key}/calendar.ics` },
    { method: 'POST', url: `/appointments/${key}/cancel`, payload: {} },
    { method: 'POST', url: `/appointments/${key}/move`, payload: { start } },
    { method: 'POST', url: `/appointments/${key}/check-in`, payload: {} },
  ] as const;

describe("a patient's link", () => {
  it('is a random URL-safe token of 128 bits in the answer, never the id nor UUID-shaped', async () => {
    const p = await givenPractice();
    const ticket = await p.draw();
    const appointment = await p.book();
    expect(ticket.patient_url).toMatch(new RegExp(`^${t.config.publicUrl}/ticket/[A-Za-z0-9_-]{22}$`));
    expect(appointment.patient_url).toMatch(new RegExp(`^${t.config.publicUrl}/a/[A-Za-z0-9_-]{22}$`));
    for (const key of [linkKey(ticket), linkKey(appointment)]) {
      expect(key).not.toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/i);
      expect(Buffer.from(key, 'base64url')).toHaveLength(16);
    }
    expect(linkKey(await p.draw())).not.toBe(linkKey(ticket));
    // A staff booking hands the link to pass on, too.
    const byStaff = await t.inject({
      method: 'POST',
      url: '/appointments',
      headers: p.staff,
      payload: { appointment_type_id: p.type.id, start: at('10:00'), first_name: 'Tom', last_name: 'Telefon' },
    });
    expect(byStaff.json<BookedAppointment>().patient_url).toMatch(/\/a\/[A-Za-z0-9_-]{22}$/);
  });

  it('opens the ticket and the appointment on every patient route; the id alone answers like an unknown key', async () => {
    const p = await givenPractice();
    const ticket = await p.draw();
    const appointment = await p.book();
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
    for (const [id, key, code] of [
      [ticket.id, linkKey(ticket), 'MEMBER_NOT_FOUND'],
      [appointment.id, linkKey(appointment), 'APPOINTMENT_NOT_FOUND'],
    ] as const) {
      const opened = await t.inject({ method: 'GET', url: `/${code === 'MEMBER_NOT_FOUND' ? 'members' : 'appointments'}/${key}` });
      expect(opened.statusCode).toBe(200);
      expect(opened.json<{ id: string; patient_url: string }>()).toMatchObject({ id, patient_url: expect.stringContaining(key) });
    }
    for (const route of [...patientRoutes(ticket.id, at('09:00')), ...patientRoutes(appointment.id, at('09:00'))]) {
      const byId = await t.inject(route);
      const byUnknown = await t.inject({ ...route, url: route.url.replace(/\/(members|appointments)\/[^/]+/, `/$1/${unknown}`) });
      expect(byId.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(byId.json(), `${route.method} ${route.url}`).toEqual(byUnknown.json());
    }
    // Nothing changed by all that: the ticket still waits, the appointment is still booked.
    expect((await t.inject({ method: 'GET', url: `/members/${linkKey(ticket)}` })).json<TicketView>().view).toBe('waiting');
    expect((await t.inject({ method: 'GET', url: `/appointments/${linkKey(appointment)}` })).json<PatientAppointment>().view).toBe('booked');
  });

  it('is stored only as its hash: no row of any table holds the token', async () => {
    const p = await givenPractice();
    const ticket = await p.draw();
    const appointment = await p.book();
    const tables = await selectRows<{ name: string }>(
      t.app.ctx.db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.map((row) => row.name)).toContain('patient_links');
    // The search finds what is there: the ticket's id is in its row.
    const found = await selectRows<{ n: number }>(t.app.ctx.db, sql`SELECT count(*)::int AS n FROM queue_members AS r WHERE r::text LIKE ${`%${ticket.id}%`}`);
    expect(found[0]?.n).toBe(1);
    for (const key of [linkKey(ticket), linkKey(appointment)]) {
      for (const { name } of tables) {
        const rows = await selectRows<{ n: number }>(t.app.ctx.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} AS r WHERE r::text LIKE ${`%${key}%`}`);
        expect(rows[0]?.n, `${name} holds the token`).toBe(0);
      }
    }
  });

  it('follows the ticket live as `member:{token}`; `member:{id}` is refused to a patient', async () => {
    const p = await givenPractice();
    const ticket = await p.draw();
    const socket = await TestSocket.connect(baseUrl);
    try {
      socket.send({ type: 'subscribe', topics: [`member:${ticket.id}`] });
      expect(await socket.nextJson()).toEqual({ type: 'error', code: 'FORBIDDEN', topic: `member:${ticket.id}` });
      const topic = `member:${linkKey(ticket)}`;
      socket.send({ type: 'subscribe', topics: [topic], snapshots: [topic] });
      const subscribed = await socket.nextJson<{ topics: { topic: string; snapshot: TicketView }[] }>();
      expect(subscribed.topics[0]).toMatchObject({ topic, snapshot: { id: ticket.id, number: ticket.number } });
      expect((await t.inject({ method: 'POST', url: `/members/${ticket.id}/call`, headers: p.staff, payload: { force: true } })).statusCode).toBe(200);
      expect(await socket.nextJson()).toMatchObject({ type: 'member.called', topic, number: ticket.number });
    } finally {
      socket.close();
    }
  });

  it('gives staff the record by id with their credentials, within the lists they see only', async () => {
    const p = await givenPractice();
    const ticket = await p.draw();
    const appointment = await p.book();
    expect((await t.inject({ method: 'GET', url: `/members/${ticket.id}`, headers: p.staff })).json<TicketView>()).toMatchObject({ id: ticket.id, number: ticket.number });
    expect((await t.inject({ method: 'GET', url: `/appointments/${appointment.id}`, headers: p.staff })).json<PatientAppointment>().id).toBe(appointment.id);
    const elsewhere: LoggedUser = (await givenAdmin(t)).user;
    const otherList = await givenProcessor(t, p.accountId, [await givenOpenQueue(t, p.accountId)]);
    for (const user of [elsewhere, otherList]) {
      expect((await t.inject({ method: 'GET', url: `/members/${ticket.id}`, headers: asUser(user) })).statusCode).toBe(404);
      expect((await t.inject({ method: 'GET', url: `/appointments/${appointment.id}`, headers: asUser(user) })).statusCode).toBe(404);
    }
  });

  it('lets the patient take back their own cancel for ten minutes, not later and not after the list closed', async () => {
    const p = await givenPractice();
    const ticket = await p.draw();
    const key = linkKey(ticket);
    expect((await t.inject({ method: 'DELETE', url: `/members/${key}` })).json<TicketView>().view).toBe('cancelled');
    const restored = await t.inject({ method: 'POST', url: `/members/${key}/restore`, payload: {} });
    expect(restored.json<TicketView>()).toMatchObject({ view: 'waiting', status: 'WAITING', position: 1 });
    // Again cancelled: eleven minutes later it is for good.
    await t.inject({ method: 'DELETE', url: `/members/${key}` });
    t.clock.advanceSeconds(11 * 60);
    const late = await t.inject({ method: 'POST', url: `/members/${key}/restore`, payload: {} });
    expect([late.statusCode, late.json<{ code: string }>().code]).toEqual([409, 'MEMBER_STATE']);
    // Within the minutes, but the list was closed: the session's tickets are over.
    const other = await p.draw();
    await t.inject({ method: 'DELETE', url: `/members/${linkKey(other)}` });
    expect((await t.inject({ method: 'POST', url: `/queues/${p.queueId}/session`, headers: asUser(p.user), payload: { event: 'TERMINATE' } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: `/members/${linkKey(other)}/restore`, payload: {} })).json<{ code: string }>().code).toBe('MEMBER_STATE');
  });

  it("opens the ticket an appointment became at check-in with the appointment's link", async () => {
    const p = await givenPractice();
    const appointment = await p.book('09:00');
    setNow(t.clock, at('08:45'));
    const key = linkKey(appointment);
    const checkedIn = await t.inject({ method: 'POST', url: `/appointments/${key}/check-in`, payload: {} });
    expect(checkedIn.json<PatientAppointment>()).toMatchObject({ view: 'checked_in', patient_url: appointment.patient_url });
    const ticket = await t.inject({ method: 'GET', url: `/members/${key}` });
    expect(ticket.statusCode).toBe(200);
    expect(ticket.json<TicketView>()).toMatchObject({ id: checkedIn.json<PatientAppointment>().member_id, view: 'waiting' });
  });

  it("ends with the record's personal data: an erased ticket's and appointment's links open nothing", async () => {
    const p = await givenPractice();
    const ticket = await p.draw();
    const appointment = await p.book();
    expect((await t.inject({ method: 'POST', url: `/members/${ticket.id}/erase`, headers: p.staff })).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: `/appointments/${appointment.id}/erase`, headers: p.staff })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/members/${linkKey(ticket)}` })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/appointments/${linkKey(appointment)}` })).statusCode).toBe(404);
  });
});
