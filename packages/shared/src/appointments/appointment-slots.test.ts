import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_FIELD_MODES, slotProblems, type SlotShape } from './appointment-slots.schemas.js';

const week: SlotShape = {
  kind: 'WEEK',
  weekday: 1,
  date: null,
  start_time: '08:00',
  end_time: '12:00',
  min_hours_in_advance: 0,
  max_hours_in_advance: null,
  required_fields: DEFAULT_BOOKING_FIELD_MODES,
};
const single: SlotShape = { ...week, kind: 'SINGLE', weekday: null, date: '2026-03-29' };

describe('slot rules', () => {
  it.each<[string, SlotShape, Record<string, string>]>([
    ['a weekly slot', week, {}],
    ['a single date', single, {}],
    ['a removed date', { ...single, kind: 'SINGLE_NEGATE' }, {}],
    ['a week without weekday', { ...week, weekday: null }, { weekday: 'REQUIRED' }],
    ['a week with a date', { ...week, date: '2026-03-29' }, { date: 'INVALID_VALUE' }],
    ['a single date without date', { ...single, date: null }, { date: 'REQUIRED' }],
    ['a single date with a weekday', { ...single, weekday: 3 }, { weekday: 'INVALID_VALUE' }],
    ['an end before the start', { ...week, end_time: '07:59' }, { end_time: 'END_NOT_AFTER_START' }],
    ['no time at all', { ...week, end_time: '08:00' }, { end_time: 'END_NOT_AFTER_START' }],
    ['a malformed time (its own issue elsewhere)', { ...week, start_time: '8:00' }, {}],
    ['ten to midnight until midnight', { ...week, start_time: '23:50', end_time: '23:59' }, {}],
    ['an empty booking window', { ...week, min_hours_in_advance: 24, max_hours_in_advance: 24 }, { max_hours_in_advance: 'INVALID_VALUE' }],
    ['a booking window', { ...week, min_hours_in_advance: 2, max_hours_in_advance: 24 }, {}],
    ['neither mail nor phone required', { ...week, required_fields: { ...DEFAULT_BOOKING_FIELD_MODES, mail: 'OPTIONAL' } }, { required_fields: 'MAIL_OR_PHONE_REQUIRED' }],
    ['phone instead of mail', { ...week, required_fields: { ...DEFAULT_BOOKING_FIELD_MODES, mail: 'NONE', phone: 'REQUIRED' } }, {}],
  ])('%s', (_name, slot, problems) => {
    expect(slotProblems(slot)).toEqual(problems);
  });
});
