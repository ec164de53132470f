import { expect } from 'vitest';
import type { AppointmentType } from '@wartefrei/shared';
import { startTestApp, type TestApp } from './test-app.js';
import { setNow } from './test-clock.js';
import { asUser, givenAdmin, givenProcessor, givenProfile, givenQueue } from './factories.js';
import { useStarted } from './use-test-app.js';

/** Friday 27 March 2026, noon in Vienna; Monday the 30th is the first weekday after the spring change. */
export const SPRING = {
  now: '2026-03-27T12:00:00+01:00',
  monday8: '2026-03-30T08:00:00+02:00',
  monday9: '2026-03-30T09:00:00+02:00',
  tuesday8: '2026-03-31T08:00:00+02:00',
} as const;

/** The app for booking tests: every booking comes from one address, so the limit is set out of reach. */
export const startBookingApp = () => startTestApp({ bookingLimit: { perIp: 100_000, windowSeconds: 600 } });
/** startBookingApp for the whole file (useTestApp). */
export const useBookingApp = () => useStarted(startBookingApp);

export interface PracticeOptions {
  /** Moves the test clock here first (before any sign-in, so tokens are fresh). */
  at?: string;
  /** Fields of the appointment type (60 minutes unless said). */
  type?: Record<string, unknown>;
  /** Fields of each weekly slot (08:00–10:00 unless said). */
  slot?: Record<string, unknown>;
  weekdays?: number[];
  /** How many processors serve the list, each with the same weekly slots. */
  processors?: number;
  queue?: Parameters<typeof givenQueue>[2];
}

/**
 * A practice in Vienna (its public holidays) with one list, its processors, an appointment type
 * and weekly slots: by default one processor, Monday and Tuesday 08:00–10:00, 60 minutes.
 */
export async function givenBookablePractice(t: TestApp, options: PracticeOptions = {}) {
  if (options.at) setNow(t.clock, options.at);
  const a = await givenAdmin(t);
  const profileId = await givenProfile(t, a.accountId, { timeZone: 'Europe/Vienna', country: 'AT', region: '9' });
  // Its list allows SMS, as a practice offering SMS reminders sets it (the server needs SMS_URL too).
  const queueId = await givenQueue(t, a.accountId, { profileId, mayActivateSmsNotifications: true, ...options.queue });
  const processors = [];
  for (let i = 0; i < (options.processors ?? 1); i++) processors.push(await givenProcessor(t, a.accountId, [queueId]));
  const created = await t.inject({
    method: 'POST',
    url: '/appointment-types',
    headers: asUser(a.user),
    payload: { queue_id: queueId, duration_minutes: 60, ...options.type },
  });
  expect(created.statusCode).toBe(201);
  for (const processor of processors) {
    for (const weekday of options.weekdays ?? [1, 2]) {
      const slot = await t.inject({
        method: 'POST',
        url: '/appointment-slots',
        headers: asUser(a.user),
        payload: { profile_id: profileId, processor_id: processor.id, kind: 'WEEK', weekday, start_time: '08:00', end_time: '10:00', ...options.slot },
      });
      expect(slot.statusCode).toBe(201);
    }
  }
  const [processor] = processors;
  if (!processor) throw new Error('a practice needs a processor');
  return { ...a, profileId, queueId, processor, processors, type: created.json<AppointmentType>() };
}

/** A patient's booking of `typeId` at `start` with the default slot's required data. */
export function bookingBody(typeId: string, start: string, overrides: Record<string, unknown> = {}) {
  return { appointment_type_id: typeId, start, first_name: 'Maria', last_name: 'Muster', mail: 'maria@example.com', ...overrides };
}
