import { describe, expect, it } from 'vitest';
import { formatEuro, quoteDevices, quoteSubscription, vatOf, withVat, type PriceTier } from './pricing.js';

describe('quoteSubscription', () => {
  it.each<[number, number, PriceTier, number, number, number]>([
    // locations, lists, tier, net, VAT, gross (cents)
    [1, 1, 'introductory', 8_900, 1_780, 10_680],
    [1, 2, 'introductory', 8_900, 1_780, 10_680], // both lists included
    [1, 3, 'introductory', 11_899, 2_380, 14_279], // one extra list; VAT 2379.8 → 2380
    [1, 3, 'regular', 16_899, 3_380, 20_279],
    [1, 5, 'introductory', 17_897, 3_579, 21_476], // three extra lists; VAT 3579.4 → 3579
    [2, 1, 'introductory', 11_899, 2_380, 14_279], // extra location, fewer lists than included
    [2, 4, 'introductory', 11_899, 2_380, 14_279], // 2 × 2 lists included
    [2, 5, 'regular', 19_898, 3_980, 23_878], // VAT 3979.6 → 3980
    [3, 9, 'regular', 28_895, 5_779, 34_674], // 2 extra locations, 3 extra lists
    [1, 20, 'introductory', 62_882, 12_576, 75_458], // 18 extra lists; VAT 12576.4 → 12576
    [5, 10, 'introductory', 20_896, 4_179, 25_075], // 4 extra locations, all 10 lists included
    [20, 60, 'regular', 130_861, 26_172, 157_033], // 19 extra locations, 20 extra lists; VAT 26172.2 → 26172
  ])('%i location(s), %i list(s), %s → net %i, VAT %i, gross %i', (locations, lists, tier, net, vat, gross) => {
    const quote = quoteSubscription({ locations, lists, tier });
    expect([quote.netCents, quote.vatCents, quote.grossCents]).toEqual([net, vat, gross]);
    expect(quote.baseCents + quote.extraLocationsCents + quote.extraListsCents).toBe(net);
  });

  it('itemises the extras', () => {
    expect(quoteSubscription({ locations: 3, lists: 9, tier: 'introductory' })).toMatchObject({
      baseCents: 8_900,
      extraLocations: 2,
      extraLocationsCents: 5_998,
      includedLists: 6,
      extraLists: 3,
      extraListsCents: 8_997,
    });
  });

  it.each([
    [0, 1],
    [1, 0],
    [1.5, 2],
    [1, 2.5],
    [-1, 2],
    [Number.NaN, 2],
  ])('rejects %s location(s) and %s list(s)', (locations, lists) => {
    expect(() => quoteSubscription({ locations, lists, tier: 'introductory' })).toThrow(RangeError);
  });
});

describe('quoteDevices', () => {
  it.each([
    [0, 0, 0, 0, 0],
    [1, 0, 69_900, 13_980, 83_880],
    [1, 1, 139_800, 27_960, 167_760],
    [2, 3, 349_500, 69_900, 419_400],
  ])('%i kiosk(s) and %i monitor(s) → net %i, VAT %i, gross %i', (kiosks, monitors, net, vat, gross) => {
    expect(quoteDevices({ kiosks, monitors })).toMatchObject({ netCents: net, vatCents: vat, grossCents: gross });
  });

  it('rejects a negative count', () => {
    expect(() => quoteDevices({ kiosks: -1, monitors: 0 })).toThrow(RangeError);
  });
});

describe('vatOf and withVat', () => {
  it.each([
    [0, 0],
    [1, 0], // 0.2
    [2, 0], // 0.4
    [3, 1], // 0.6
    [4, 1], // 0.8
    [2_999, 600], // 599.8
    [8_900, 1_780],
  ])('VAT of %i cents is %i cents', (net, vat) => {
    expect(vatOf(net)).toBe(vat);
    expect(withVat(net)).toEqual({ netCents: net, vatCents: vat, grossCents: net + vat });
  });

  it('rejects fractions of a cent', () => {
    expect(() => vatOf(0.5)).toThrow(RangeError);
  });
});

describe('formatEuro', () => {
  // Intl separates number and sign with a no-break space.
  it.each([
    [8_900, '89,00\u00a0€'],
    [2_999, '29,99\u00a0€'],
    [69_900, '699,00\u00a0€'],
    [419_400, '4.194,00\u00a0€'],
    [0, '0,00\u00a0€'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatEuro(cents)).toBe(text);
  });
});
