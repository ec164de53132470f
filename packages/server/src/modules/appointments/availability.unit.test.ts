import { describe, expect, it } from 'vitest';
import { parseLocalDate, formatZoned } from '@wartefrei/shared';
import { freeTimes, offeredTimes, type AvailabilityInput, type AvailabilityRule } from './availability.js';

const day = parseLocalDate;
const rule = (extra: Partial<AvailabilityRule>): AvailabilityRule => ({
  kind: 'WEEK',
  weekday: 1,
  date: null,
  startTime: '08:00',
  endTime: '12:00',
  processorId: 'anna',
  appointmentTypeIds: [],
  minHoursInAdvance: 0,
  maxHoursInAdvance: null,
  ...extra,
});

function starts(zone: string, from: string, to: string, rules: AvailabilityRule[], extra: Partial<AvailabilityInput> = {}): string[] {
  return freeTimes({
    timeZone: zone,
    from: day(from),
    to: day(to),
    now: new Date('2026-01-01T00:00:00Z'),
    type: { id: 'talk', durationMinutes: 60 },
    rules,
    isHoliday: () => false,
    ...extra,
  }).map((free) => `${formatZoned(free.start, zone)} ${free.processorId}`);
}

describe('free times across the daylight-saving changes', () => {
  for (const zone of ['Europe/Vienna', 'Europe/Berlin', 'Europe/Zurich']) {
    it(`${zone}: the spring night has no 02:00, so 01:00–04:00 holds two hours`, () => {
      expect(starts(zone, '2026-03-29', '2026-03-29', [rule({ weekday: 7, startTime: '01:00', endTime: '04:00' })])).toEqual([
        '2026-03-29T01:00:00+01:00 anna',
        '2026-03-29T03:00:00+02:00 anna',
      ]);
    });

    it(`${zone}: the autumn night has 02:00 twice, so 01:00–04:00 holds four hours`, () => {
      expect(starts(zone, '2026-10-25', '2026-10-25', [rule({ weekday: 7, startTime: '01:00', endTime: '04:00' })])).toEqual([
        '2026-10-25T01:00:00+02:00 anna',
        '2026-10-25T02:00:00+02:00 anna',
        '2026-10-25T02:00:00+01:00 anna',
        '2026-10-25T03:00:00+01:00 anna',
      ]);
    });

    it(`${zone}: a weekly Monday 08:00 stays 08:00 local across both changes`, () => {
      const mondays = starts(zone, '2026-03-23', '2026-03-30', [rule({ endTime: '09:00' })]).concat(starts(zone, '2026-10-19', '2026-10-26', [rule({ endTime: '09:00' })]));
      expect(mondays).toEqual(['2026-03-23T08:00:00+01:00 anna', '2026-03-30T08:00:00+02:00 anna', '2026-10-19T08:00:00+02:00 anna', '2026-10-26T08:00:00+01:00 anna']);
    });
  }
});

describe('free times from the rules', () => {
  const zone = 'Europe/Vienna';

  it('lays out the type’s duration from the start; a rest shorter than it is not offered', () => {
    expect(starts(zone, '2026-03-30', '2026-03-30', [rule({ endTime: '10:30' })], { type: { id: 'talk', durationMinutes: 45 } })).toEqual([
      '2026-03-30T08:00:00+02:00 anna',
      '2026-03-30T08:45:00+02:00 anna',
      '2026-03-30T09:30:00+02:00 anna',
    ]);
  });

  it('takes a SINGLE_NEGATE away from its date and processor only, and a SINGLE adds time', () => {
    const rules = [
      rule({}),
      rule({ processorId: 'ben', startTime: '08:00', endTime: '09:00' }),
      rule({ kind: 'SINGLE_NEGATE', weekday: null, date: '2026-03-30', startTime: '09:00', endTime: '11:00' }),
      rule({ kind: 'SINGLE', weekday: null, date: '2026-03-31', startTime: '14:00', endTime: '15:00' }),
    ];
    expect(starts(zone, '2026-03-30', '2026-03-31', rules)).toEqual([
      '2026-03-30T08:00:00+02:00 anna',
      '2026-03-30T08:00:00+02:00 ben',
      '2026-03-30T11:00:00+02:00 anna',
      '2026-03-31T14:00:00+02:00 anna',
    ]);
  });

  it('rests weekly rules on a public holiday unless a SINGLE rule names that date', () => {
    const isHoliday = (date: string) => date === '2026-12-08';
    expect(starts(zone, '2026-12-07', '2026-12-08', [rule({ endTime: '09:00' }), rule({ weekday: 2, endTime: '09:00' })], { isHoliday })).toEqual([
      '2026-12-07T08:00:00+01:00 anna',
    ]);
    const single = rule({ kind: 'SINGLE', weekday: null, date: '2026-12-08', startTime: '10:00', endTime: '11:00' });
    expect(starts(zone, '2026-12-08', '2026-12-08', [rule({ weekday: 2 }), single], { isHoliday })).toEqual(['2026-12-08T10:00:00+01:00 anna']);
  });

  it('offers only rules for the type (none named: every type)', () => {
    const rules = [rule({ appointmentTypeIds: ['blood'] }), rule({ processorId: 'ben', appointmentTypeIds: ['talk', 'blood'], endTime: '09:00' })];
    expect(starts(zone, '2026-03-30', '2026-03-30', rules)).toEqual(['2026-03-30T08:00:00+02:00 ben']);
  });

  it('keeps to now and the booking window of each rule', () => {
    const now = new Date('2026-03-30T07:30:00+02:00');
    expect(starts(zone, '2026-03-30', '2026-03-30', [rule({})], { now })).toEqual([
      '2026-03-30T08:00:00+02:00 anna',
      '2026-03-30T09:00:00+02:00 anna',
      '2026-03-30T10:00:00+02:00 anna',
      '2026-03-30T11:00:00+02:00 anna',
    ]);
    expect(starts(zone, '2026-03-30', '2026-03-30', [rule({ minHoursInAdvance: 2 })], { now })).toEqual(['2026-03-30T10:00:00+02:00 anna', '2026-03-30T11:00:00+02:00 anna']);
    // Across the spring change the window counts real hours: 24 h before Monday 08:00 (+02:00) is Sunday 08:00 (+02:00).
    const sunday = new Date('2026-03-29T08:00:00+02:00');
    expect(starts(zone, '2026-03-30', '2026-03-30', [rule({ maxHoursInAdvance: 25 })], { now: sunday })).toEqual([
      '2026-03-30T08:00:00+02:00 anna',
      '2026-03-30T09:00:00+02:00 anna',
    ]);
    const later = new Date('2026-03-30T09:10:00+02:00');
    expect(starts(zone, '2026-03-30', '2026-03-30', [rule({})], { now: later })).toEqual(['2026-03-30T10:00:00+02:00 anna', '2026-03-30T11:00:00+02:00 anna']);
  });

  it('offers a time once where two rules of a processor overlap, and in start then processor order', () => {
    const rules = [rule({ processorId: 'ben', endTime: '10:00' }), rule({ startTime: '09:00', endTime: '11:00' }), rule({ endTime: '10:00' })];
    expect(starts(zone, '2026-03-30', '2026-03-30', rules)).toEqual([
      '2026-03-30T08:00:00+02:00 anna',
      '2026-03-30T08:00:00+02:00 ben',
      '2026-03-30T09:00:00+02:00 anna',
      '2026-03-30T09:00:00+02:00 ben',
      '2026-03-30T10:00:00+02:00 anna',
    ]);
  });

  it('leaves out what is taken, back to back stays free', () => {
    const busy = new Map([['anna', [[Date.parse('2026-03-30T09:00:00+02:00'), Date.parse('2026-03-30T10:30:00+02:00')]] as const]]);
    expect(starts(zone, '2026-03-30', '2026-03-30', [rule({})], { busy })).toEqual(['2026-03-30T08:00:00+02:00 anna', '2026-03-30T11:00:00+02:00 anna']);
  });
});

describe('vacations and substitutions', () => {
  const at = (iso: string) => Date.parse(iso);
  // Sunday 25 October 2026 has 25 hours in these zones: a whole-day absence covers all of them.
  it.each(['Europe/Vienna', 'Europe/Berlin', 'Europe/Zurich'])('%s: a whole autumn-change day away, from midnight to midnight, takes every offer of it', (zone) => {
    const sunday = [rule({ weekday: 7, startTime: '00:00', endTime: '04:00' })];
    const absences = [{ processorId: 'anna', start: at('2026-10-24T22:00:00Z'), end: at('2026-10-25T23:00:00Z'), substituteId: null }];
    expect(starts(zone, '2026-10-25', '2026-10-25', sunday)).toHaveLength(5);
    expect(starts(zone, '2026-10-25', '2026-10-25', sunday, { absences })).toEqual([]);
  });

  const zone = 'Europe/Vienna';
  const monday = [rule({})];
  const nineToTen = { start: at('2026-03-30T09:00:00+02:00'), end: at('2026-03-30T10:00:00+02:00') };
  it.each([
    ['away: the hour vanishes', [{ processorId: 'anna', ...nineToTen, substituteId: null }], ['08:00 anna', '10:00 anna', '11:00 anna']],
    ['stood in for: the hour is the substitute’s', [{ processorId: 'anna', ...nineToTen, substituteId: 'ben' }], ['08:00 anna', '09:00 ben', '10:00 anna', '11:00 anna']],
    [
      'the substitute away too: nobody offers it',
      [
        { processorId: 'anna', ...nineToTen, substituteId: 'ben' },
        { processorId: 'ben', ...nineToTen, substituteId: null },
      ],
      ['08:00 anna', '10:00 anna', '11:00 anna'],
    ],
    [
      'an absence touching only the end of an offer still takes it',
      [{ processorId: 'anna', start: at('2026-03-30T09:59:00+02:00'), end: at('2026-03-30T10:01:00+02:00'), substituteId: null }],
      ['08:00 anna', '11:00 anna'],
    ],
  ])('%s', (_name, absences, expected) => {
    expect(starts(zone, '2026-03-30', '2026-03-30', monday, { absences }).map((s) => `${s.slice(11, 16)} ${s.split(' ')[1]}`)).toEqual(expected);
  });

  it('the substitute’s own appointments still count', () => {
    const absences = [{ processorId: 'anna', ...nineToTen, substituteId: 'ben' }];
    const busy = new Map([['ben', [[nineToTen.start, nineToTen.end]] as const]]);
    expect(starts(zone, '2026-03-30', '2026-03-30', monday, { absences, busy })).toHaveLength(3);
  });
});

describe('free times of many processors over many days', () => {
  it('equal the offers sorted as one list by start, rank and id, each time of a processor once', () => {
    const zone = 'Europe/Vienna';
    // A week across the autumn change, processors with ranks and ties, overlapping rules, a SINGLE day and a night rule.
    const people = ['dora', 'anna', 'cem', 'ben', 'emil'];
    const rules = people.flatMap((processorId, i) => [
      ...[1, 2, 3, 4, 5, 7].map((weekday) => rule({ processorId, weekday, startTime: `0${7 + (i % 3)}:00`, endTime: '12:00' })),
      rule({ processorId, weekday: 7, startTime: '01:00', endTime: '04:00' }),
      rule({ processorId, weekday: 1, startTime: '10:00', endTime: '13:00' }),
      rule({ kind: 'SINGLE', weekday: null, date: '2026-10-24', processorId, startTime: '09:00', endTime: '11:00' }),
    ]);
    const processorRank = new Map([
      ['cem', 1],
      ['emil', 1],
      ['anna', 3],
    ]);
    const input = {
      timeZone: zone,
      from: day('2026-10-19'),
      to: day('2026-10-27'),
      now: new Date('2026-01-01T00:00:00Z'),
      type: { id: 'talk', durationMinutes: 30 },
      rules,
      isHoliday: () => false,
      processorRank,
    };
    const rankOf = (id: string) => processorRank.get(id) ?? Number.MAX_SAFE_INTEGER;
    const expected = offeredTimes(input)
      .sort((x, y) => x.start - y.start || rankOf(x.processorId) - rankOf(y.processorId) || (x.processorId < y.processorId ? -1 : x.processorId > y.processorId ? 1 : 0))
      .filter((time, i, all) => i === 0 || all[i - 1]!.start !== time.start || all[i - 1]!.processorId !== time.processorId)
      .map((time) => `${formatZoned(time.start, zone)} ${time.processorId}`);
    const free = freeTimes(input).map((time) => `${formatZoned(time.start, zone)} ${time.processorId}`);
    expect(free).toEqual(expected);
    expect(free.slice(0, 4)).toEqual(['2026-10-19T07:00:00+02:00 ben', '2026-10-19T07:00:00+02:00 dora', '2026-10-19T07:30:00+02:00 ben', '2026-10-19T07:30:00+02:00 dora']);
    expect(free.filter((time) => time.startsWith('2026-10-25T02:'))).toEqual([
      '2026-10-25T02:00:00+02:00 cem',
      '2026-10-25T02:00:00+02:00 emil',
      '2026-10-25T02:00:00+02:00 anna',
      '2026-10-25T02:00:00+02:00 ben',
      '2026-10-25T02:00:00+02:00 dora',
      '2026-10-25T02:30:00+02:00 cem',
      '2026-10-25T02:30:00+02:00 emil',
      '2026-10-25T02:30:00+02:00 anna',
      '2026-10-25T02:30:00+02:00 ben',
      '2026-10-25T02:30:00+02:00 dora',
      '2026-10-25T02:00:00+01:00 cem',
      '2026-10-25T02:00:00+01:00 emil',
      '2026-10-25T02:00:00+01:00 anna',
      '2026-10-25T02:00:00+01:00 ben',
      '2026-10-25T02:00:00+01:00 dora',
      '2026-10-25T02:30:00+01:00 cem',
      '2026-10-25T02:30:00+01:00 emil',
      '2026-10-25T02:30:00+01:00 anna',
      '2026-10-25T02:30:00+01:00 ben',
      '2026-10-25T02:30:00+01:00 dora',
    ]);
  });
});

describe('formatZoned', () => {
  it.each([
    ['2026-03-29T00:59:00Z', 'Europe/Vienna', '2026-03-29T01:59:00+01:00'],
    ['2026-03-29T01:00:00Z', 'Europe/Vienna', '2026-03-29T03:00:00+02:00'],
    ['2026-07-01T12:00:00Z', 'America/St_Johns', '2026-07-01T09:30:00-02:30'],
    ['2026-07-01T12:00:00Z', 'UTC', '2026-07-01T12:00:00+00:00'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(formatZoned(new Date(instant), zone)).toBe(expected);
  });
});
