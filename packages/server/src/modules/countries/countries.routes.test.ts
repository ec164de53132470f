import { describe, expect, it } from 'vitest';
import type { Country } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';

const t = useTestApp();

describe('GET /countries', () => {
  it('lists every ISO 3166 country, named and sorted in the caller’s language', async () => {
    const [deRes, enRes] = [await t.inject({ method: 'GET', url: '/countries' }), await t.inject({ method: 'GET', url: '/countries', headers: { 'accept-language': 'en' } })];
    expect([deRes.statusCode, enRes.statusCode], enRes.body.slice(0, 300)).toEqual([200, 200]);
    const de = deRes.json<Country[]>();
    const en = enRes.json<Country[]>();
    expect(de).toHaveLength(249);
    expect(new Set(de.map((c) => c.iso_code)).size).toBe(249);
    expect(de.find((c) => c.iso_code === 'AT')?.name).toBe('Österreich');
    expect(de.find((c) => c.iso_code === 'CH')?.name).toBe('Schweiz');
    expect(en.find((c) => c.iso_code === 'DE')?.name).toBe('Germany');
    // The same country keeps its id whatever the language.
    expect(en.find((c) => c.iso_code === 'AT')?.id).toBe(de.find((c) => c.iso_code === 'AT')?.id);
    const names = de.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Polen'));
  });
});
