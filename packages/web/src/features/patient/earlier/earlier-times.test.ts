import { describe, expect, it } from 'vitest';
import { ANY_TIME, cellOf, choiceOf, describeTimes, timesOf, weekdayName, wishBody, type Cell } from './earlier-times';

const parts = { MORNING: 'Vormittag', AFTERNOON: 'Nachmittag' } as const;

describe('the weekday × part grid and the contract’s times', () => {
  it('sends nothing for an untouched grid: any day, any time', () => {
    expect(wishBody(ANY_TIME)).toEqual({});
  });

  it('maps ticked cells to times in the grid’s order, whatever order they were ticked in', () => {
    const cells = new Set<Cell>([cellOf(5, 'AFTERNOON'), cellOf(1, 'MORNING'), cellOf(5, 'MORNING')]);
    expect(timesOf(cells)).toEqual([
      { weekday: 1, part: 'MORNING' },
      { weekday: 5, part: 'MORNING' },
      { weekday: 5, part: 'AFTERNOON' },
    ]);
    expect(wishBody({ notBefore: '2026-12-01', cells })).toEqual({ not_before: '2026-12-01', times: timesOf(cells) });
  });

  it('reads a stored wish back into the same grid', () => {
    const wish = {
      not_before: '2026-12-01',
      times: [
        { weekday: 7, part: 'AFTERNOON' as const },
        { weekday: 2, part: 'MORNING' as const },
      ],
    };
    const choice = choiceOf(wish);
    expect(choice.notBefore).toBe('2026-12-01');
    expect(timesOf(choice.cells)).toEqual([
      { weekday: 2, part: 'MORNING' },
      { weekday: 7, part: 'AFTERNOON' },
    ]);
    expect(choiceOf({ not_before: null, times: [] })).toEqual(ANY_TIME);
    expect(choiceOf(null)).toEqual(ANY_TIME);
  });

  it('names ISO weekdays in the patient’s language, Monday first', () => {
    expect(weekdayName(1, 'de')).toBe('Montag');
    expect(weekdayName(7, 'de')).toBe('Sonntag');
    expect(weekdayName(3, 'en')).toBe('Wednesday');
  });

  it('says the ticked times in a line, a day with both parts as the whole day', () => {
    const times = [
      { weekday: 1, part: 'MORNING' as const },
      { weekday: 3, part: 'MORNING' as const },
      { weekday: 3, part: 'AFTERNOON' as const },
    ];
    expect(describeTimes(times, 'de', (part) => parts[part])).toBe('Montag Vormittag, Mittwoch');
    expect(describeTimes([], 'de', (part) => parts[part])).toBe('');
  });
});
