import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test/support/test-clock.js';
import { createHub } from './realtime/hub.js';
import { createInProcessAdapter } from './realtime/pubsub.js';
import { createVersionedCache, type CacheLookup } from './versioned-cache.js';

/* The cache against the real in-process hub (its versions) and a clock moved by hand. */
function given(options: { maxEntries?: number; maxLength?: number } = {}) {
  const clock = new TestClock(new Date('2026-03-30T08:00:00Z'));
  const realtime = createHub(createInProcessAdapter(), pino({ level: 'silent' }));
  const lookups: CacheLookup[] = [];
  const cache = createVersionedCache<string>({ clock, realtime }, { maxAgeMs: 2000, maxEntries: options.maxEntries ?? 10, ...options, onLookup: (r) => lookups.push(r) });
  let reads = 0;
  const load = (text: string) => async () => {
    reads++;
    return text;
  };
  return { clock, realtime, cache, lookups, load, reads: () => reads };
}

const event = { name: 'appointments.changed', data: { queue_id: 'q' } } as const;

describe('createVersionedCache', () => {
  it('reads once per version: concurrent lookups join, later ones hit, an event reads anew', async () => {
    const { realtime, cache, lookups, load, reads } = given();
    const answers = await Promise.all([cache.get('k', 'account:a', load('v1')), cache.get('k', 'account:a', load('x'))]);
    expect(answers).toEqual(['v1', 'v1']);
    expect(await cache.get('k', 'account:a', load('x'))).toBe('v1');
    expect(lookups).toEqual(['miss', 'joined', 'hit']);
    await realtime.publish('account:a', event);
    expect(await cache.get('k', 'account:a', load('v2'))).toBe('v2');
    // Another topic's event leaves the entry alone.
    await realtime.publish('account:b', event);
    expect(await cache.get('k', 'account:a', load('x'))).toBe('v2');
    expect(reads()).toBe(2);
  });

  it('reads anew after the max age without an event', async () => {
    const { clock, cache, load } = given();
    await cache.get('k', 'account:a', load('v1'));
    clock.advanceSeconds(2);
    expect(await cache.get('k', 'account:a', load('v2'))).toBe('v1');
    clock.advanceSeconds(0.001);
    expect(await cache.get('k', 'account:a', load('v2'))).toBe('v2');
  });

  it('keeps no failed read: the next lookup tries again', async () => {
    const { cache, load } = given();
    await expect(cache.get('k', 'account:a', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('k', 'account:a', load('v1'))).toBe('v1');
  });

  it('lets the oldest read go beyond the entries or the text length allowed', async () => {
    const byCount = given({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await byCount.cache.get(key, 'account:a', byCount.load(key));
    await byCount.cache.get('a', 'account:a', byCount.load('a'));
    expect(byCount.lookups).toEqual(['miss', 'miss', 'miss', 'miss']);

    const byLength = given({ maxLength: 10 });
    await byLength.cache.get('a', 'account:a', byLength.load('123456'));
    await byLength.cache.get('b', 'account:a', byLength.load('123456'));
    await byLength.cache.get('b', 'account:a', byLength.load('x'));
    await byLength.cache.get('a', 'account:a', byLength.load('123456'));
    expect(byLength.lookups).toEqual(['miss', 'miss', 'hit', 'miss']);
  });
});
