import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_FIELD_MODES, type Availability } from '@wartefrei/shared';
import { choicesOn, daysWithTimes, localDatePlus, mergeAvailability, nearestChoices, partOfDay, strictest } from './booking-times';

const strict = { ...DEFAULT_BOOKING_FIELD_MODES, insurance_number: 'REQUIRED', phone: 'NONE' } as const;
const availability: Availability = {
  time_zone: 'Europe/Vienna',
  field_sets: [DEFAULT_BOOKING_FIELD_MODES, strict],
  processors: [
    { id: 'a0000000-0000-4000-8000-000000000000', name: 'Dr. Anna' },
    { id: 'b0000000-0000-4000-8000-000000000000', name: 'Dr. Ben' },
  ],
  slots: [
    // The spring change: Sunday's times are +01:00 before 02:00 and +02:00 after.
    { start: '2026-03-29T01:00:00+01:00', end: '2026-03-29T01:30:00+01:00', processor_id: 'a0000000-0000-4000-8000-000000000000', fields: 0 },
    { start: '2026-03-29T03:00:00+02:00', end: '2026-03-29T03:30:00+02:00', processor_id: 'a0000000-0000-4000-8000-000000000000', fields: 0 },
    { start: '2026-03-30T08:00:00+02:00', end: '2026-03-30T08:30:00+02:00', processor_id: 'a0000000-0000-4000-8000-000000000000', fields: 0 },
    { start: '2026-03-30T08:00:00+02:00', end: '2026-03-30T08:30:00+02:00', processor_id: 'b0000000-0000-4000-8000-000000000000', fields: 1 },
    { start: '2026-03-30T11:30:00+02:00', end: '2026-03-30T12:00:00+02:00', processor_id: 'b0000000-0000-4000-8000-000000000000', fields: 1 },
    { start: '2026-03-30T12:00:00+02:00', end: '2026-03-30T12:30:00+02:00', processor_id: 'a0000000-0000-4000-8000-000000000000', fields: 0 },
  ],
};

describe('the booking steps over the free times', () => {
  it('offers each day with a free time once, in order, by the practice’s date', () => {
    expect(daysWithTimes(availability.slots)).toEqual(['2026-03-29', '2026-03-30']);
  });

  it('gives one button per time where the practice decides, asking what the strictest rule asks', () => {
    expect(choicesOn(availability, '2026-03-30', false)).toEqual([
      { start: '2026-03-30T08:00:00+02:00', fields: { ...DEFAULT_BOOKING_FIELD_MODES, insurance_number: 'REQUIRED' } },
      { start: '2026-03-30T11:30:00+02:00', fields: strict },
      { start: '2026-03-30T12:00:00+02:00', fields: DEFAULT_BOOKING_FIELD_MODES },
    ]);
  });

  it('gives one button per time and processor where the patient chooses, each with its own rule', () => {
    expect(choicesOn(availability, '2026-03-30', true).map((c) => [c.start.slice(11, 16), c.processorId?.[0], c.fields.insurance_number])).toEqual([
      ['08:00', 'a', 'NONE'],
      ['08:00', 'b', 'REQUIRED'],
      ['11:30', 'b', 'REQUIRED'],
      ['12:00', 'a', 'NONE'],
    ]);
  });

  it('groups by the wall clock: 11:30 is morning, 12:00 afternoon, the spring night’s 03:00 morning', () => {
    expect(['2026-03-30T11:30:00+02:00', '2026-03-30T12:00:00+02:00', '2026-03-29T03:00:00+02:00'].map(partOfDay)).toEqual(['morning', 'afternoon', 'morning']);
  });

  it('offers the nearest free times when one was taken, nearest first', () => {
    const choices = choicesOn(availability, '2026-03-30', false);
    expect(nearestChoices(choices, '2026-03-30T11:30:00+02:00').map((c) => c.start.slice(11, 16))).toEqual(['12:00', '08:00']);
    expect(nearestChoices(choices, '2026-03-30T10:00:00+02:00', 2).map((c) => c.start.slice(11, 16))).toEqual(['11:30', '08:00']);
  });

  it('takes the strictest mode field by field', () => {
    expect(strictest([DEFAULT_BOOKING_FIELD_MODES, strict])).toEqual({ ...DEFAULT_BOOKING_FIELD_MODES, insurance_number: 'REQUIRED' });
  });

  it('counts the window in the device’s calendar days, across month ends', () => {
    expect(localDatePlus(new Date(2026, 0, 30, 23, 30), 2)).toBe('2026-02-01');
    expect(localDatePlus(new Date(2026, 2, 28, 12), 27)).toBe('2026-04-24');
  });

  it('merges two windows, renumbering the second’s field sets and naming each processor once', () => {
    const later: Availability = {
      time_zone: 'Europe/Vienna',
      field_sets: [strict],
      processors: [availability.processors[1]!],
      slots: [{ start: '2026-04-27T08:00:00+02:00', end: '2026-04-27T08:30:00+02:00', processor_id: 'b0000000-0000-4000-8000-000000000000', fields: 0 }],
    };
    const merged = mergeAvailability(availability, later);
    expect(merged.slots).toHaveLength(7);
    expect(merged.field_sets).toHaveLength(2);
    expect(merged.field_sets[merged.slots[6]!.fields]).toEqual(strict);
    expect(merged.processors.map((p) => p.name)).toEqual(['Dr. Anna', 'Dr. Ben']);
    const other = { ...DEFAULT_BOOKING_FIELD_MODES, birth_date: 'REQUIRED' } as const;
    expect(mergeAvailability(later, { ...later, field_sets: [other] }).field_sets).toEqual([strict, other]);
  });
});
