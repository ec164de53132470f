import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { PatientAppointment, TicketView } from '@wartefrei/shared';
import { appointments, patientLinks } from '../../db/schema/index.js';
import { migrationsFolder } from '../../paths.js';
import { asUser } from '../../../test/support/factories.js';
import { givenBookablePractice, useBookingApp } from '../../../test/support/appointments.js';
import { setNow } from '../../../test/support/test-clock.js';

/*
 * Links sent before patient links had tokens carried the record's id (issue 39 §1: "links already
 * sent keep working until their visit is over, then stop"). Migration 0032 stores the ids' hashes
 * with an expiry and keeps the kiosk code mailed so far. Here its data statements run on records
 * made as before — without links, without codes — on both databases.
 */

const t = useBookingApp();

/** The data statements of migration 0032 (after its schema part), as the migrator runs them. */
function legacyStatements(): string[] {
  const file = fs.readFileSync(path.join(migrationsFolder, '0032_patient_links.sql'), 'utf8');
  return file
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^(--[^\n]*\n)*\s*(INSERT INTO "patient_links"|UPDATE "patient_links"|UPDATE "appointments")/.test(statement));
}

describe('links sent before tokens (migration 0032)', () => {
  it("open the ticket and the appointment by their id until the visit is over, then nothing; the mailed code stays the appointment's", async () => {
    // Real time: the migration reads the database's clock for a ticket's day.
    const now = new Date();
    setNow(t.clock, now);
    const p = await givenBookablePractice(t, { weekdays: [1, 2, 3, 4, 5, 6, 7], slot: { start_time: '00:00', end_time: '23:59' }, type: { duration_minutes: 30 } });
    const staff = asUser(p.user);
    expect((await t.inject({ method: 'POST', url: `/queues/${p.queueId}/session`, headers: staff, payload: { event: 'START' } })).statusCode).toBe(200);
    const ticket = (await t.inject({ method: 'POST', url: `/queues/${p.queueId}/members`, payload: { origin: 'ONLINE' } })).json<TicketView>();
    const start = new Date(Math.ceil((now.getTime() + 3 * 86_400_000) / 3_600_000) * 3_600_000);
    const booked = await t.inject({
      method: 'POST',
      url: '/appointments',
      headers: staff,
      payload: { appointment_type_id: p.type.id, start: start.toISOString(), processor_id: p.processor.id, last_name: 'Vorher' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = booked.json<PatientAppointment>();

    // As before the migration: no links, no code of their own.
    const db = t.app.ctx.db;
    await db.delete(patientLinks).where(or(eq(patientLinks.memberId, ticket.id), inArray(patientLinks.appointmentId, [appointment.id])));
    await db.update(appointments).set({ checkInCode: null }).where(eq(appointments.id, appointment.id));
    expect((await t.inject({ method: 'GET', url: `/members/${ticket.id}` })).statusCode).toBe(404);

    const statements = legacyStatements();
    expect(statements).toHaveLength(4);
    for (const statement of statements) await db.execute(sql.raw(statement));

    expect((await t.inject({ method: 'GET', url: `/members/${ticket.id}` })).json<TicketView>()).toMatchObject({ id: ticket.id, number: ticket.number });
    const page = (await t.inject({ method: 'GET', url: `/appointments/${appointment.id}` })).json<PatientAppointment>();
    expect(page.id).toBe(appointment.id);
    expect(page.check_in_code.replace('-', '')).toBe(appointment.id.replace(/-/g, '').slice(0, 8).toUpperCase());

    // The ticket's day is over: its old link stops; the appointment's lasts until the day after it.
    t.clock.advanceSeconds(2 * 86_400);
    expect((await t.inject({ method: 'GET', url: `/members/${ticket.id}` })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/appointments/${appointment.id}` })).statusCode).toBe(200);
    setNow(t.clock, new Date(start.getTime() + 30 * 60_000 + 86_400_000 + 1000));
    expect((await t.inject({ method: 'GET', url: `/appointments/${appointment.id}` })).statusCode).toBe(404);
  });
});
