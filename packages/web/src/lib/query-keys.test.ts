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
});
