import { describe, expect, it } from 'vitest';
import { isActiveNow, mayChooseServingProcessor } from './processor-rules.js';

const now = new Date('2026-05-04T08:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe('isActiveNow', () => {
  it.each([
    ['switched on', { active: true, inactiveUntil: null }, true],
    ['only managing, no return announced', { active: false, inactiveUntil: null }, false],
    ['on a pause that ends later', { active: false, inactiveUntil: at('2026-05-04T08:00:01.000Z') }, false],
    ['on a pause that ends now', { active: false, inactiveUntil: now }, true],
    ['on a pause that ended before its job ran', { active: false, inactiveUntil: at('2026-05-04T07:30:00.000Z') }, true],
  ])('%s → %s', (_name, assignment, expected) => expect(isActiveNow(assignment, now)).toBe(expected));
});

describe('who may choose who serves a ticket', () => {
  it.each([
    [true, false, false, true],
    [false, true, false, true],
    [false, false, false, false], // only managing (or not assigned), the list does not allow it
    [false, false, true, true],
  ])('admin %s, active now %s, managers may choose %s → %s', (isAdmin, activeNow, managersMayChoose, expected) => {
    expect(mayChooseServingProcessor({ isAdmin, activeNow, managersMayChoose })).toBe(expected);
  });
});
