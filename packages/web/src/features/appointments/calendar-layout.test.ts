import { describe, expect, it } from 'vitest';
import type { AppointmentSlot, Vacation } from '@wartefrei/shared';
import { awayTime, daysOf, layoutColumn, nowIn, stepDate, visibleHours, workingTime, zonedStart } from './calendar-layout';

const VIENNA = 'Europe/Vienna';
const at = (id: string, start: string, end: string) => ({ id, start, end });

describe('layoutColumn', () => {
  it('gives back-to-back appointments the full width each', () => {
    const placed = layoutColumn(
      [
        at('a', '2026-03-30T08:00:00+02:00', '2026-03-30T08:30:00+02:00'),
        at('b', '2026-03-30T08:30:00+02:00', '2026-03-30T09:00:00+02:00'),
        at('c', '2026-03-30T09:00:00+02:00', '2026-03-30T10:00:00+02:00'),
      ],
      '2026-03-30',
    );
    expect(placed).toEqual([
      { id: 'a', from: 480, to: 510, lane: 0, lanes: 1 },
      { id: 'b', from: 510, to: 540, lane: 0, lanes: 1 },
      { id: 'c', from: 540, to: 600, lane: 0, lanes: 1 },
    ]);
  });

  it('puts only real overlaps side by side, each group on its own', () => {
    const placed = layoutColumn(
      [
        at('cancelled', '2026-03-30T08:00:00+02:00', '2026-03-30T09:00:00+02:00'),
        at('taken', '2026-03-30T08:00:00+02:00', '2026-03-30T08:30:00+02:00'),
        at('after', '2026-03-30T08:30:00+02:00', '2026-03-30T09:00:00+02:00'),
        at('alone', '2026-03-30T11:00:00+02:00', '2026-03-30T11:15:00+02:00'),
      ],
      '2026-03-30',
    );
    const byId = Object.fromEntries(placed.map((p) => [p.id, [p.lane, p.lanes]]));
    expect(byId).toEqual({ cancelled: [0, 2], taken: [1, 2], after: [1, 2], alone: [0, 1] });
  });

  it('cuts an appointment running past midnight at the end of its first day and shows the rest on the next', () => {
    const night = at('n', '2026-03-30T23:30:00+02:00', '2026-03-31T00:30:00+02:00');
    expect(layoutColumn([night], '2026-03-30')).toMatchObject([{ from: 1410, to: 1440 }]);
    expect(layoutColumn([night], '2026-03-31')).toMatchObject([{ from: 0, to: 30 }]);
  });
});

describe('the week across a daylight-saving change (Vienna)', () => {
  it('shows Monday to Sunday and steps by a week', () => {
    expect(daysOf('week', '2026-03-26')).toEqual(['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29']);
    expect(daysOf('week', '2026-03-29')[0]).toBe('2026-03-23');
    expect(stepDate('week', '2026-03-26', 1)).toBe('2026-04-02');
    expect(stepDate('day', '2026-03-29', 1)).toBe('2026-03-30');
  });

  it('puts 08:00 on the same row before and after the spring and the autumn change', () => {
    for (const [before, after] of [
      ['2026-03-28T08:00:00+01:00', '2026-03-29T08:00:00+02:00'],
      ['2026-10-24T08:00:00+02:00', '2026-10-25T08:00:00+01:00'],
    ] as const) {
      const end = (start: string) => start.replace('T08:00', 'T08:45');
      const [saturday] = layoutColumn([at('s', before, end(before))], before.slice(0, 10));
      const [sunday] = layoutColumn([at('u', after, end(after))], after.slice(0, 10));
      expect(saturday).toMatchObject({ from: 480, to: 525 });
      expect(sunday).toMatchObject({ from: 480, to: 525 });
    }
  });

  it('writes a time picked in the grid with the offset of its own day', () => {
    expect(zonedStart('2026-03-28', 8 * 60, VIENNA)).toBe('2026-03-28T08:00:00+01:00');
    expect(zonedStart('2026-03-29', 8 * 60, VIENNA)).toBe('2026-03-29T08:00:00+02:00');
    expect(zonedStart('2026-10-25', 8 * 60, VIENNA)).toBe('2026-10-25T08:00:00+01:00');
    // 02:30 does not exist on the spring night: the time moves on by the gap.
    expect(zonedStart('2026-03-29', 150, VIENNA)).toBe('2026-03-29T03:30:00+02:00');
  });

  it('draws the now line in the location’s zone, not the computer’s', () => {
    expect(nowIn(new Date('2026-03-29T06:15:00Z'), VIENNA)).toEqual({ date: '2026-03-29', minutes: 8 * 60 + 15 });
    expect(nowIn(new Date('2026-03-28T23:30:00Z'), VIENNA)).toEqual({ date: '2026-03-29', minutes: 30 });
  });
});

describe('working time and absences', () => {
  const slot = (fields: Partial<AppointmentSlot>): AppointmentSlot => ({
    id: 's',
    profile_id: 'p',
    kind: 'WEEK',
    weekday: 1,
    date: null,
    start_time: '08:00',
    end_time: '12:00',
    processor_id: 'paula',
    appointment_type_ids: [],
    min_hours_in_advance: 0,
    max_hours_in_advance: null,
    required_fields: { last_name: 'REQUIRED', first_name: 'REQUIRED', birth_date: 'OPTIONAL', mail: 'REQUIRED', phone: 'OPTIONAL', insurance_number: 'NONE' },
    ...fields,
  });
  const slots = [
    slot({}),
    slot({ weekday: 1, start_time: '14:00', end_time: '16:00' }),
    slot({ kind: 'SINGLE', weekday: null, date: '2026-04-04', start_time: '09:00', end_time: '11:00' }),
    slot({ kind: 'SINGLE_NEGATE', weekday: null, date: '2026-04-06', start_time: '10:00', end_time: '11:00' }),
    slot({ processor_id: 'other', weekday: 1, start_time: '06:00', end_time: '20:00' }),
  ];

  it('takes the weekday’s slots, adds single dates and removes single removed times', () => {
    expect(workingTime(slots, 'paula', '2026-03-30')).toEqual([
      { from: 480, to: 720 },
      { from: 840, to: 960 },
    ]);
    expect(workingTime(slots, 'paula', '2026-04-04')).toEqual([{ from: 540, to: 660 }]);
    expect(workingTime(slots, 'paula', '2026-04-06')).toEqual([
      { from: 480, to: 600 },
      { from: 660, to: 720 },
      { from: 840, to: 960 },
    ]);
    expect(workingTime(slots, 'paula', '2026-03-31')).toEqual([]);
    expect(visibleHours(workingTime(slots, 'other', '2026-03-30'))).toEqual({ from: 360, to: 1200 });
  });

  it('reads whole-day vacations as dates and others as instants in the location’s zone', () => {
    const vacation = (fields: Partial<Vacation>): Vacation => ({
      id: 'v',
      type: 'VACATION',
      whole_days: true,
      start: '2026-03-28',
      end: '2026-03-29',
      absent_processor_id: 'paula',
      substitute_processor_id: null,
      consider_existing_appointments: false,
      created_at: '2026-03-01T00:00:00Z',
      ...fields,
    });
    expect(awayTime([vacation({})], 'paula', '2026-03-29', VIENNA)).toEqual([{ from: 0, to: 1440 }]);
    expect(awayTime([vacation({})], 'paula', '2026-03-30', VIENNA)).toEqual([]);
    expect(awayTime([vacation({})], 'other', '2026-03-29', VIENNA)).toEqual([]);
    const afternoon = vacation({ whole_days: false, start: '2026-03-29T12:00:00Z', end: '2026-03-30T08:00:00Z' });
    expect(awayTime([afternoon], 'paula', '2026-03-29', VIENNA)).toEqual([{ from: 14 * 60, to: 1440 }]);
    expect(awayTime([afternoon], 'paula', '2026-03-30', VIENNA)).toEqual([{ from: 0, to: 10 * 60 }]);
  });
});
