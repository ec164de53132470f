import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Appointment, PatientAppointment } from '@wartefrei/shared';
import { auditLog } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin } from '../../../test/support/factories.js';
import { givenBookablePractice, SPRING } from '../../../test/support/appointments.js';
import { linkKey } from '../../../test/support/tickets.js';
import { book, cancelByPatient, setOffers } from '../../../test/support/offers.js';

/** "Früher, wenn möglich" (docs/api.md#earlier-appointments): asked, changed and withdrawn by the patient's link or by staff. */

const t = useTestApp({ bookingLimit: { perIp: 100_000, windowSeconds: 600 } });

const tue8 = SPRING.tuesday8;
const wishOf = (key: string, method: 'PUT' | 'DELETE', payload?: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method, url: `/appointments/${key}/earlier`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

describe('the wish for an earlier time', () => {
  it('the patient asks by their link, changes what suits (keeping since), and withdraws', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const booked = await book(t, p.type.id, tue8);
    expect(booked).toMatchObject({ earlier_wanted: false, earlier_wish: null, can_ask_earlier: true });
    const asked = await wishOf(linkKey(booked), 'PUT');
    expect(asked.statusCode, asked.body).toBe(200);
    const since = new Date(SPRING.now).toISOString();
    expect(asked.json<PatientAppointment>()).toMatchObject({ earlier_wanted: true, earlier_wish: { since, not_before: null, times: [] } });
    t.clock.advanceSeconds(3600);
    const times = [
      { weekday: 2, part: 'MORNING' },
      { weekday: 1, part: 'AFTERNOON' },
      { weekday: 2, part: 'MORNING' },
    ];
    const changed = await wishOf(linkKey(booked), 'PUT', { not_before: '2026-03-30', times });
    expect(changed.json<PatientAppointment>().earlier_wish).toEqual({
      since,
      not_before: '2026-03-30',
      times: [
        { weekday: 1, part: 'AFTERNOON' },
        { weekday: 2, part: 'MORNING' },
      ],
    });
    const withdrawn = await wishOf(linkKey(booked), 'DELETE');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<PatientAppointment>()).toMatchObject({ earlier_wanted: false, earlier_wish: null });
    expect((await wishOf(linkKey(booked), 'PUT', { times: [{ weekday: 8, part: 'MORNING' }] })).statusCode).toBe(400);
  });

  it('with the booking; refused where the type offers none, for a series, and for an appointment cancelled', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const booked = await book(t, p.type.id, SPRING.monday8, { earlier: { not_before: '2026-03-30' } });
    expect(booked.earlier_wish).toMatchObject({ since: new Date(SPRING.now).toISOString(), not_before: '2026-03-30', times: [] });
    const series = await t.inject({
      method: 'POST',
      url: '/appointments',
      headers: asUser(p.user),
      payload: {
        appointment_type_id: p.type.id,
        start: SPRING.tuesday8,
        processor_id: p.processor.id,
        last_name: 'Serie',
        recurrence: { frequency: 'WEEKLY', count: 2 },
        earlier: {},
      },
    });
    expect(series.statusCode).toBe(400);
    expect(series.json()).toMatchObject({ code: 'VALIDATION', fields: { earlier: { code: 'INVALID_VALUE' } } });
    await cancelByPatient(t, booked);
    const late = await wishOf(linkKey(booked), 'PUT');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'EARLIER_NOT_OFFERED', message: 'Für diesen Termin können keine früheren Zeiten angeboten werden.' });
    await setOffers(t, p.type.id, { offerCount: 0 });
    const other = await book(t, p.type.id, SPRING.monday9);
    expect(other.can_ask_earlier).toBe(false);
    expect((await wishOf(linkKey(other), 'PUT')).json()).toMatchObject({ code: 'EARLIER_NOT_OFFERED' });
    const refused = await t.inject({
      method: 'POST',
      url: '/appointments',
      payload: { appointment_type_id: p.type.id, start: SPRING.tuesday8, first_name: 'A', last_name: 'B', mail: 'a@example.com', earlier: {} },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'EARLIER_NOT_OFFERED' });
  });

  it('staff set it by id for a patient on the phone (audited); another account’s id and an unknown token are 404', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now });
    const booked = await book(t, p.type.id, tue8);
    const staff = asUser(p.user);
    const set = await wishOf(booked.id, 'PUT', { times: [{ weekday: 1, part: 'MORNING' }] }, staff);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Appointment>()).toMatchObject({ id: booked.id, last_name: 'Muster', earlier_wish: { times: [{ weekday: 1, part: 'MORNING' }] } });
    const audited = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, p.accountId), eq(auditLog.action, 'appointment.change'), eq(auditLog.subjectId, booked.id)));
    expect(audited).toHaveLength(1);
    expect((await wishOf(booked.id, 'DELETE', undefined, staff)).json<Appointment>().earlier_wish).toBeNull();
    const stranger = await givenAdmin(t);
    expect((await wishOf(booked.id, 'PUT', {}, asUser(stranger.user))).statusCode).toBe(404);
    // Without credentials an id is no key.
    expect((await wishOf(booked.id, 'PUT')).json()).toMatchObject({ code: 'APPOINTMENT_NOT_FOUND' });
    expect((await wishOf('AAAAAAAAAAAAAAAAAAAAAA', 'DELETE')).statusCode).toBe(404);
  });
});
