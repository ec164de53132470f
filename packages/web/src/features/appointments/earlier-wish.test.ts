import { beforeAll, describe, expect, it } from 'vitest';
import { EarlierWishInput } from '@wartefrei/shared';
import { changeLanguage, i18next, initI18n } from '../../i18n';
import { earlierRefusal, telHref, ticksOf, timeKey, wishInputOf, wishSummary } from './earlier-wish';

beforeAll(async () => {
  await initI18n();
});

const wish = {
  since: '2026-11-27T23:30:00.000Z',
  not_before: '2026-12-03',
  times: [
    { weekday: 2, part: 'AFTERNOON' as const },
    { weekday: 1, part: 'MORNING' as const },
  ],
};

describe('the wish for an earlier time, as staff read it', () => {
  it('says since when (the day in the location’s zone), from which day and what suits, Monday first', () => {
    // 23:30 UTC on the 27th is already the 28th in Vienna.
    expect(wishSummary(wish, i18next.t, 'de', 'Europe/Vienna')).toBe('Möchte früher kommen – seit 28.11.2026, nicht vor 03.12.2026, Mo Vormittag, Di Nachmittag');
  });

  it('says “jederzeit” without times and leaves out a missing date', () => {
    expect(wishSummary({ ...wish, not_before: null, times: [] }, i18next.t, 'de', 'Europe/Vienna')).toBe('Möchte früher kommen – seit 28.11.2026, jederzeit');
  });

  it('reads in English too', async () => {
    await changeLanguage('en');
    try {
      expect(wishSummary(wish, i18next.t, 'en-GB', 'UTC')).toBe('Would like to come earlier – since 27/11/2026, not before 03/12/2026, Mon morning, Tue afternoon');
    } finally {
      await changeLanguage('de');
    }
  });
});

describe('the wish’s inputs', () => {
  it('tick what is stored and send the ticks back in order, an empty date as none', () => {
    const ticks = ticksOf(wish);
    expect([...ticks].sort()).toEqual([timeKey(1, 'MORNING'), timeKey(2, 'AFTERNOON')]);
    const input = wishInputOf('', new Set([...ticks, timeKey(7, 'MORNING')]));
    expect(input).toEqual({
      not_before: null,
      times: [
        { weekday: 1, part: 'MORNING' },
        { weekday: 2, part: 'AFTERNOON' },
        { weekday: 7, part: 'MORNING' },
      ],
    });
    expect(EarlierWishInput.safeParse(input).success).toBe(true);
  });

  it('send no ticks as any time, and a date as the day from which times suit', () => {
    expect(ticksOf(null).size).toBe(0);
    const input = wishInputOf('2026-12-03', new Set());
    expect(input).toEqual({ not_before: '2026-12-03', times: [] });
    expect(EarlierWishInput.safeParse(input).success).toBe(true);
  });
});

describe('when staff may set a wish', () => {
  const now = new Date('2026-11-28T10:00:00Z');
  const booked = { status: 'BOOKED' as const, view: 'booked' as const, start: '2026-12-10T09:00:00+01:00' };
  it('only for a type that offers freed times and a booked appointment still ahead', () => {
    expect(earlierRefusal(booked, { offer_count: 3 }, now)).toBeNull();
    expect(earlierRefusal(booked, { offer_count: 0 }, now)).toBe('typeOff');
    expect(earlierRefusal(booked, undefined, now)).toBe('typeOff');
    expect(earlierRefusal({ ...booked, start: '2026-11-28T10:00:00Z' }, { offer_count: 3 }, now)).toBe('notAhead');
    expect(earlierRefusal({ ...booked, view: 'cancelled' }, { offer_count: 3 }, now)).toBe('notAhead');
    expect(earlierRefusal({ ...booked, status: 'NO_SHOW' }, { offer_count: 3 }, now)).toBe('notAhead');
  });
});

describe('the phone to call', () => {
  it('keeps digits and a leading plus', () => {
    expect(telHref('+43 316 / 12 34-5')).toBe('tel:+4331612345');
  });
});
