import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

describe('query keys', () => {
  it('invalidating a list also marks its single items stale, and nothing else', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.queues.all, []);
    client.setQueryData(queryKeys.queues.detail('q1'), { id: 'q1' });
    client.setQueryData(queryKeys.profiles.detail('p1'), { id: 'p1' });
    await client.invalidateQueries({ queryKey: queryKeys.queues.all });
    expect(client.getQueryState(queryKeys.queues.all)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.queues.detail('q1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.profiles.detail('p1'))?.isInvalidated).toBe(false);
  });

  it('keeps the account under one key', () => {
    expect(queryKeys.account('a1')).toEqual(['account', 'a1']);
  });

  it('a queue’s filtered ticket lists go stale with the queue’s list, not with another queue’s', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.members.filtered('q1', { status: ['WAITING'] }), []);
    client.setQueryData(queryKeys.members.filtered('q2', {}), []);
    await client.invalidateQueries({ queryKey: queryKeys.members.ofQueue('q1') });
    expect(client.getQueryState(queryKeys.members.filtered('q1', { status: ['WAITING'] }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.members.filtered('q2', {}))?.isInvalidated).toBe(false);
  });

  it('gives every resource a root of its own', () => {
    const sample = (key: unknown): readonly unknown[] => (typeof key === 'function' ? (key as (...args: string[]) => readonly unknown[])('x', 'y') : (key as readonly unknown[]));
    const roots = Object.values(queryKeys).map((entry) => {
      const key = Array.isArray(entry) || typeof entry === 'function' ? entry : Object.values(entry as object)[0];
      return sample(key)[0];
    });
    expect(new Set(roots).size).toBe(roots.length);
  });
});
