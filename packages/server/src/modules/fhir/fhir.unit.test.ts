import { describe, expect, it } from 'vitest';
import { parseScheduleId, parseSlotId, scheduleId, slotId } from './fhir.ids.js';
import { limitsOf, parseDateBound } from './fhir.params.js';
import { fhirStatusOf } from './fhir.resources.js';

const TYPE = '0f8fad5b-d9cb-469f-a165-70867728950e';
const PROCESSOR = 'ffffffff-ffff-4fff-bfff-ffffffffffff';

describe('ids', () => {
  it('a Schedule and a Slot id fit FHIR (64 of [A-Za-z0-9.-]) and parse back', () => {
    const start = new Date('2026-03-30T06:00:00Z');
    expect(scheduleId({ typeId: TYPE, processorId: PROCESSOR })).toMatch(/^[a-z0-9-]{51}$/);
    expect(slotId({ typeId: TYPE, processorId: PROCESSOR, start })).toMatch(/^[A-Za-z0-9.-]{1,64}$/);
    expect(parseScheduleId(scheduleId({ typeId: TYPE, processorId: PROCESSOR }))).toEqual({ typeId: TYPE, processorId: PROCESSOR });
    expect(parseSlotId(slotId({ typeId: TYPE, processorId: PROCESSOR, start }))).toEqual({ typeId: TYPE, processorId: PROCESSOR, start });
  });

  it.each(['', 'abc', `${'z'.repeat(25)}-${'0'.repeat(25)}`, TYPE, `${'0'.repeat(25)}-${'0'.repeat(25)}-x`])('%s is no Schedule', (id) => {
    expect(parseScheduleId(id)).toBeUndefined();
  });
});

describe('date search values', () => {
  it.each([
    ['2026-04', { kind: 'local', after: '2026-04-01T00:00:00', before: '2026-05-01T00:00:00' }],
    ['ge2026-03-30', { kind: 'local', after: '2026-03-30T00:00:00' }],
    ['gt2026-12-31', { kind: 'local', after: '2027-01-01T00:00:00' }],
    ['lt2026', { kind: 'local', before: '2026-01-01T00:00:00' }],
    ['le2026-02', { kind: 'local', before: '2026-03-01T00:00:00' }],
    ['ge2026-03-30T08:00:00+02:00', { kind: 'instant', after: '2026-03-30T06:00:00.000Z' }],
    ['2026-03-30T08:00Z', { kind: 'instant', after: '2026-03-30T08:00:00.000Z', before: '2026-03-30T08:01:00.000Z' }],
  ])('%s', (value, expected) => {
    const bound = parseDateBound(value, 'date');
    expect({ kind: bound.kind, ...limitsOf(bound) }).toEqual(expected);
  });

  it.each(['2026-02-30', '2026-13', 'ne2026-01-01', 'ap2026', 'yesterday', '2026-03-30T08:00'])('%s is refused', (value) => {
    expect(() => parseDateBound(value, 'date')).toThrow();
  });
});

describe('statuses', () => {
  const row = (status: string, cancelState: string | null = null) => ({ status, cancelState }) as never;
  it.each([
    [row('BOOKED'), false, 'booked'],
    [row('CHECKED_IN'), false, 'arrived'],
    [row('CHECKED_IN'), true, 'fulfilled'],
    [row('FINISHED'), true, 'fulfilled'],
    [row('NO_SHOW'), false, 'noshow'],
    [row('BOOKED', 'USER'), false, 'cancelled'],
    [row('BOOKED', 'STAFF'), false, 'cancelled'],
  ])('%o, visit over %s → %s', (r, visitOver, expected) => {
    expect(fhirStatusOf({ row: r, visitOver })).toBe(expected);
  });
});
