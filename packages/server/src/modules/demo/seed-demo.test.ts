import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { accounts, monitorQueues, monitors, profiles, queueProcessors, queueSessions, queues, users } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/support/use-test-app.js';
import type {
  ApiKey,
  Appointment,
  AppointmentSlot,
  AuditLog,
  AppointmentType,
  DashboardQueue,
  ProbingQuestion,
  ReportProbing,
  ReportEarlier,
  ReportSummary,
} from '@wartefrei/shared';
import { asUser, logIn } from '../../../test/support/factories.js';
import { localDay } from '../../../test/support/test-clock.js';
import { DEMO_LOGINS, seedDemoIfEmpty } from './seed-demo.js';

const t = useTestApp();

describe('demo data', () => {
  it('fills an empty database once: a location, two open lists, an admin, a processor, a monitor, appointment types and hours', async () => {
    const results = await Promise.all([seedDemoIfEmpty(t.app.ctx), seedDemoIfEmpty(t.app.ctx)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoIfEmpty(t.app.ctx)).toBe(false);

    const db = t.app.ctx.db;
    expect((await db.select({ n: count() }).from(accounts))[0]?.n).toBe(1);
    expect((await db.select({ n: count() }).from(profiles))[0]?.n).toBe(1);
    // The demo kiosk never opens a print dialog: the number and its QR code stay on the screen.
    expect((await db.select({ mode: profiles.kioskPrinting }).from(profiles))[0]?.mode).toBe('OFF');
    const lists = await db.select({ name: queues.name, open: queueSessions.open }).from(queues).innerJoin(queueSessions, eq(queueSessions.queueId, queues.id));
    expect(lists).toHaveLength(2);
    expect(lists.every((l) => l.open)).toBe(true);

    const admin = await logIn(t, DEMO_LOGINS.admin.username, DEMO_LOGINS.admin.password);
    const processor = await logIn(t, DEMO_LOGINS.processor.username, DEMO_LOGINS.processor.password);
    expect(admin.is_admin).toBe(true);
    expect(processor.is_admin).toBe(false);
    expect(processor.account_id).toBe(admin.account_id);
    const assigned = await db.select().from(queueProcessors).innerJoin(users, eq(users.id, queueProcessors.userId)).where(eq(users.id, processor.id));
    expect(assigned.filter((a) => a.queue_processors.active)).toHaveLength(2);

    // A logo, served like an upload: a sanitised SVG at its hashed URL.
    const account = (await t.inject({ method: 'GET', url: `/accounts/${admin.account_id}`, headers: asUser(admin) })).json<{ logo_url: string | null }>();
    expect(account.logo_url).toMatch(/^\/images\/[0-9a-f-]+\/[0-9a-f]+\.svg$/);
    const logo = await t.inject({ method: 'GET', url: account.logo_url! });
    expect([logo.statusCode, logo.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    expect(logo.body).toContain('Praxis Dr. Demo');

    // One API key, its secret known to nobody: the "Schnittstellen" tab is not empty.
    const keys = (await t.inject({ method: 'GET', url: '/api-keys', headers: asUser(admin) })).json<ApiKey[]>();
    expect(keys.map((key) => [key.name, key.scopes.length, key.last_used_at !== null])).toEqual([['Praxisverwaltung', 4, true]]);

    const [monitor] = await db.select().from(monitors);
    expect(monitor).toMatchObject({ accountId: admin.account_id, identifier: 'wartezimmer', displayName: 'Wartezimmer' });
    const shown = await db.select({ queueId: monitorQueues.queueId }).from(monitorQueues).where(eq(monitorQueues.monitorId, monitor!.id));
    expect(shown).toHaveLength(2);
    expect((await db.select({ n: count() }).from(monitors))[0]?.n).toBe(1);

    // The appointment types, as the processor reads them: one per list, the talk with her as default.
    const types = await t.inject({ method: 'GET', url: '/appointment-types', headers: asUser(processor) });
    expect(types.json<AppointmentType[]>().map((type) => [type.name, type.duration_minutes, type.bookable_kiosk, type.default_processor_id])).toEqual([
      ['Arztgespräch', 15, false, processor.id],
      ['Blutabnahme', 10, true, null],
    ]);
    const slots = await t.inject({ method: 'GET', url: `/appointment-slots?processor_id=${processor.id}`, headers: asUser(processor) });
    expect(slots.json<AppointmentSlot[]>().map((slot) => `${slot.weekday} ${slot.start_time}-${slot.end_time}`)).toEqual([
      '1 08:00-12:00',
      '2 08:00-12:00',
      '3 08:00-12:00',
      '4 08:00-12:00',
      '4 14:00-18:00',
      '5 08:00-12:00',
    ]);
    // Patients on the next two weekdays and a weekly series of four on Thursday afternoons.
    const from = localDay(t.clock);
    const to = localDay(t.clock, -40);
    const booked = (await t.inject({ method: 'GET', url: `/appointments?from=${from}&to=${to}`, headers: asUser(processor) })).json<Appointment[]>();
    expect(booked).toHaveLength(10);
    expect(new Set(booked.filter((a) => a.series_id).map((a) => a.start.slice(11, 16)))).toEqual(new Set(['14:00']));
    expect(booked.filter((a) => a.series_id)).toHaveLength(4);

    // The location's online questionnaire passes its own rules (no problems at any answer).
    const [profile] = await db.select({ id: profiles.id }).from(profiles);
    const profileId = profile!.id;
    const questions = (await t.inject({ method: 'GET', url: `/probing-questions?profile_id=${profileId}&variant=ONLINE`, headers: asUser(processor) })).json<ProbingQuestion[]>();
    expect(questions.map((q) => [q.text, q.ask_first, q.options.length, q.problems])).toEqual([
      ['Haben Sie Fieber oder Husten?', true, 2, []],
      ['Weshalb kommen Sie heute?', false, 3, []],
    ]);

    // Eight weeks of history for reporting, today untouched: the dashboard shows nobody waiting.
    const day = (back: number) => localDay(t.clock, back);
    const summary = (await t.inject({ method: 'GET', url: `/reports/summary?from=${day(56)}&to=${day(1)}`, headers: asUser(admin) })).json<ReportSummary>();
    expect(summary.current.drawn).toBeGreaterThan(1_500);
    expect(summary.current.served / summary.current.drawn).toBeGreaterThan(0.8);
    expect(summary.current).toMatchObject({ wait_p50_min: expect.any(Number) as number, appointments_no_show: expect.any(Number) as number });
    expect(summary.current.appointments_no_show).toBeGreaterThan(0);
    expect(summary.previous.drawn).toBe(0);
    // Earlier appointments and confirmations have figures too: freed times offered and mostly re-filled, most patients confirmed.
    const earlier = (await t.inject({ method: 'GET', url: `/reports/earlier?from=${day(56)}&to=${day(1)}`, headers: asUser(admin) })).json<ReportEarlier>();
    expect(earlier.freed).toBeGreaterThan(0);
    expect(earlier.offered).toBe(earlier.freed);
    expect(earlier.refilled).toBeGreaterThan(0);
    expect(earlier.offer_messages).toBeGreaterThan(earlier.offered);
    expect(earlier.confirmation_rate).toBeGreaterThan(0.5);
    expect(earlier.no_shows_by_type).toEqual([expect.objectContaining({ name: 'Arztgespräch', no_shows: expect.any(Number) as number })]);
    expect(earlier.no_shows_by_type[0]?.no_shows).toBeGreaterThan(0);
    const { answers } = (await t.inject({ method: 'GET', url: `/reports/probing?from=${day(56)}&to=${day(1)}`, headers: asUser(admin) })).json<ReportProbing>();
    expect(answers.map((a) => a.option_text)).toEqual(expect.arrayContaining(['Ja', 'Nein', 'Blutabnahme']));
    const dashboard = (await t.inject({ method: 'GET', url: '/dashboard', headers: asUser(admin) })).json<DashboardQueue[]>();
    expect(dashboard.map((entry) => entry.waiting)).toEqual([0, 0]);

    // A week of the audit log: the assistant's morning looks at both lists, ids only.
    const audit = (
      await t.inject({ method: 'GET', url: `/audit?from=${day(7)}&to=${day(1)}&user_id=${processor.id}&time_zone=Europe/Vienna`, headers: asUser(admin) })
    ).json<AuditLog>();
    expect(audit.entries.length).toBeGreaterThanOrEqual(6);
    expect(new Set(audit.entries.map((entry) => entry.action))).toEqual(new Set(['members.list']));
  });
});
