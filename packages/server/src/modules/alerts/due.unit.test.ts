import { describe, expect, it } from 'vitest';
import { dueAlert } from './due.js';

const now = new Date('2026-03-29T08:00:00Z');
const inMinutes = (m: number) => new Date(now.getTime() + m * 60_000);
const both = { membersAhead: 2, minutesLeft: 10 };

describe('which alert a ticket is due (docs/product.md#alerts)', () => {
  it.each([
    ['called', { status: 'PROCESSING', ahead: null, estimatedStart: null }, both, { kind: 'CALLED', ahead: null, minutes: null }],
    ['3 ahead, 25 minutes: nothing yet', { status: 'WAITING', ahead: 3, estimatedStart: inMinutes(25) }, both, undefined],
    ['2 ahead', { status: 'WAITING', ahead: 2, estimatedStart: inMinutes(25) }, both, { kind: 'AHEAD', ahead: 2, minutes: null }],
    ['next in line', { status: 'WAITING', ahead: 0, estimatedStart: null }, both, { kind: 'AHEAD', ahead: 0, minutes: null }],
    ['5 ahead but 10 minutes left: the minutes come first', { status: 'WAITING', ahead: 5, estimatedStart: inMinutes(10) }, both, { kind: 'MINUTES', ahead: 5, minutes: 10 }],
    ['9.5 minutes round up to 10', { status: 'WAITING', ahead: 5, estimatedStart: inMinutes(9.5) }, both, { kind: 'MINUTES', ahead: 5, minutes: 10 }],
    ['an estimate already past counts as 0 minutes', { status: 'WAITING', ahead: 5, estimatedStart: inMinutes(-3) }, both, { kind: 'MINUTES', ahead: 5, minutes: 0 }],
    ['both at once: the count, the surer figure', { status: 'WAITING', ahead: 1, estimatedStart: inMinutes(4) }, both, { kind: 'AHEAD', ahead: 1, minutes: null }],
    ['hidden times never trigger the minutes', { status: 'WAITING', ahead: 5, estimatedStart: null }, both, undefined],
    ['count not offered', { status: 'WAITING', ahead: 0, estimatedStart: inMinutes(30) }, { membersAhead: null, minutesLeft: 10 }, undefined],
    ['minutes not offered', { status: 'WAITING', ahead: 4, estimatedStart: inMinutes(1) }, { membersAhead: 2, minutesLeft: null }, undefined],
    ['a finished ticket is due nothing', { status: 'FINISHED_BY_USER', ahead: null, estimatedStart: null }, both, undefined],
  ] as const)('%s', (_name, ticket, thresholds, expected) => {
    expect(dueAlert(ticket, thresholds, now)).toEqual(expected);
  });
});
