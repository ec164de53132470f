import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@wartefrei/shared';
import { asUser } from '../../../test/support/factories.js';
import { givenBookablePractice, SPRING, useBookingApp } from '../../../test/support/appointments.js';
import { feedUid } from './calendar-file.js';

const t = useBookingApp();

const pathOf = (url: string) => new URL(url).pathname;

describe('the processor’s calendar feed', () => {
  it('lists their own appointments at the local time, without the patients’ data; a new URL replaces the old', async () => {
    const p = await givenBookablePractice(t, { at: SPRING.now, processors: 2 });
    const [anna, ben] = p.processors;
    const book = async (start: string, processorId: string) =>
      (
        await t.inject({
          method: 'POST',
          url: '/appointments',
          headers: asUser(p.user),
          payload: { appointment_type_id: p.type.id, start, processor_id: processorId, last_name: 'Geheimname' },
        })
      ).json<Appointment>();
    const mine = [await book(SPRING.monday8, anna!.id), await book(SPRING.tuesday8, anna!.id)];
    await book(SPRING.monday8, ben!.id);
    const cancelled = await book('2026-03-31T10:00:00+02:00', anna!.id);
    await t.inject({ method: 'POST', url: `/appointments/${cancelled.id}/cancel`, headers: asUser(p.user), payload: {} });

    const made = await t.inject({ method: 'POST', url: '/calendar/feed', headers: asUser(anna!) });
    expect(made.statusCode).toBe(201);
    const { url } = made.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/wartefrei\.test\/calendar\/.+\.ics$/);
    const feed = await t.inject({ method: 'GET', url: pathOf(url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).not.toContain('Geheimname');
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => ({
      uid: vevent.getFirstPropertyValue('uid'),
      tzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
      local: new ICAL.Event(vevent).startDate.toString(),
    }));
    expect(events).toEqual([
      { uid: feedUid(mine[0]!.id), tzid: 'Europe/Vienna', local: '2026-03-30T08:00:00' },
      { uid: feedUid(mine[1]!.id), tzid: 'Europe/Vienna', local: '2026-03-31T08:00:00' },
    ]);

    const renewed = (await t.inject({ method: 'POST', url: '/calendar/feed', headers: asUser(anna!) })).json<{ url: string }>().url;
    expect((await t.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: pathOf(renewed) })).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: '/calendar/feed', headers: asUser(anna!) })).statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: pathOf(renewed) })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/calendar/erfunden.ics' })).statusCode).toBe(404);
  });
});
