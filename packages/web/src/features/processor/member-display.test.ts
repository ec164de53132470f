import { describe, expect, it } from 'vitest';
import type { Member } from '@wartefrei/shared';
import { allowedActionsOf, currentMemberOf, isSilentlyProcessing, patientNameOf, rowToneOf } from './member-display';
import { hasFilters, NO_FILTERS, parseStoredFilters } from './member-filters';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

function member(fields: Partial<Member>): Member {
  return { status: 'WAITING', cancel_state: null, processor_id: null, actual_start: null, ...fields } as Member;
}

describe('work view rows', () => {
  it.each([
    [{ status: 'WAITING', cancel_state: null }, 'waiting'],
    [{ status: 'PROCESSING', cancel_state: null }, 'processing'],
    [{ status: 'WAITING', cancel_state: 'PROCESSOR' }, 'cancelled'],
    [{ status: 'FINISHED_BY_USER', cancel_state: 'USER' }, 'cancelled'],
    [{ status: 'FINISHED_BY_PROCESSOR', cancel_state: null }, 'done'],
  ] as const)('%o is shown as %s', (state, tone) => expect(rowToneOf(state)).toBe(tone));

  // Processing rows are blue, yellow when the ticket was called silently.
  it.each([
    [{ status: 'PROCESSING', cancel_state: null, called_silently: true }, true],
    [{ status: 'PROCESSING', cancel_state: null, called_silently: false }, false],
    [{ status: 'WAITING', cancel_state: null, called_silently: true }, false],
    [{ status: 'PROCESSING', cancel_state: 'PROCESSOR', called_silently: true }, false],
    [{ status: 'FINISHED_BY_PROCESSOR', cancel_state: null, called_silently: true }, false],
  ] as const)('%o is yellow: %s', (state, yellow) => expect(isSilentlyProcessing(state)).toBe(yellow));

  it.each([
    [{ status: 'WAITING', cancel_state: null }, ['call', 'move', 'cancel', 'remove']],
    [{ status: 'PROCESSING', cancel_state: null }, ['finish', 'requeue', 'cancel', 'remove']],
    [{ status: 'WAITING', cancel_state: 'PROCESSOR' }, ['restore', 'remove']],
    [{ status: 'FINISHED_BY_USER', cancel_state: 'USER' }, []],
  ] as const)('%o offers %o', (state, actions) => expect(allowedActionsOf(state)).toEqual(actions));

  it.each([
    [{ first_name: 'Anna', last_name: 'Berger', display_name: 'Anni' }, 'FIRST_LAST', 'Anna Berger'],
    [{ first_name: 'Anna', last_name: 'Berger', display_name: null }, 'LAST_FIRST', 'Berger, Anna'],
    [{ first_name: null, last_name: null, display_name: 'Anni' }, 'FIRST_LAST', 'Anni'],
    [{ first_name: ' ', last_name: null, display_name: null }, 'FIRST_LAST', ''],
  ] as const)('name of %o in %s is %j', (names, order, expected) => expect(patientNameOf(names, order)).toBe(expected));

  it('F finishes the own member called first, else the only one in processing', () => {
    const first = member({ id: 'a', status: 'PROCESSING', processor_id: ME, actual_start: '2030-01-01T08:00:00Z' });
    const second = member({ id: 'b', status: 'PROCESSING', processor_id: ME, actual_start: '2030-01-01T09:00:00Z' });
    const foreign = member({ id: 'c', status: 'PROCESSING', processor_id: OTHER });
    expect(currentMemberOf([second, foreign, first], ME)?.id).toBe('a');
    expect(currentMemberOf([foreign], ME)?.id).toBe('c');
    expect(currentMemberOf([foreign, member({ id: 'd', status: 'PROCESSING', processor_id: OTHER })], ME)).toBeUndefined();
    expect(currentMemberOf([member({ id: 'e' })], ME)).toBeUndefined();
  });
});

describe('stored filters', () => {
  it('keeps known values and drops what storage should not hold', () => {
    expect(parseStoredFilters({ status: ['WAITING', 'BOGUS'], origin: ['KIOSK', 3], q: 'Berger' })).toEqual({
      status: ['WAITING'],
      origin: ['KIOSK'],
      q: 'Berger',
    });
    expect(parseStoredFilters('nonsense')).toEqual(NO_FILTERS);
    expect(parseStoredFilters(null)).toEqual(NO_FILTERS);
  });

  it('knows when the list is narrowed', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, q: '  ' })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, origin: ['ONLINE'] })).toBe(true);
  });
});
