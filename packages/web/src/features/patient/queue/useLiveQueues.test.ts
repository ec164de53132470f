import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { PublicQueue } from '@wartefrei/shared';
import { useLiveQueues } from './useLiveQueues';

/*
 * A monitor's or kiosk's load against a server that fails at first (a restart): the network is
 * the edge faked here (fetch); the socket goes to the test environment's closed port and keeps
 * reconnecting in the background, which is what a restarting server looks like too.
 */
const queueId = '0b8f6f63-2f0e-4b8e-9f55-4d8a8c2c7e21';
const queue = { id: queueId, name: 'Allgemeinmedizin', waiting: 3 } as PublicQueue;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useLiveQueues', () => {
  it('a load failing twice (a restarting server), then answering, ends synced, the waits growing', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // the spread's low end: retries after 0.5 s, then 1 s
    const calls: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        // A failed request is also reported (lib/report-failure.ts): that one is not a load.
        if (url !== `/queues/${queueId}/public`) return Promise.resolve(new Response(null, { status: 204 }));
        calls.push(performance.now());
        if (calls.length === 1) return Promise.reject(new TypeError('Failed to fetch'));
        if (calls.length === 2) return Promise.resolve(new Response('{"statusCode":503,"code":"DATABASE_UNAVAILABLE","message":"-"}', { status: 503 }));
        return Promise.resolve(Response.json(queue));
      }),
    );
    const { result, unmount } = renderHook(() => useLiveQueues([queueId]));
    await waitFor(() => expect(result.current.state.kind).toBe('offline'));
    await waitFor(() => expect(result.current.state).toEqual({ kind: 'ready', queues: [queue] }), { timeout: 5_000 });
    expect(calls).toHaveLength(3);
    const [first, second] = [calls[1]! - calls[0]!, calls[2]! - calls[1]!];
    expect(first).toBeGreaterThanOrEqual(490);
    expect(second).toBeGreaterThanOrEqual(990);
    unmount();
  });

  it('a 404 is an answer: not retried', async () => {
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        url === `/queues/${queueId}/public` ? new Response('{"statusCode":404,"code":"QUEUE_NOT_FOUND","message":"-"}', { status: 404 }) : new Response(null, { status: 204 }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const { result, unmount } = renderHook(() => useLiveQueues([queueId]));
    await waitFor(() => expect(result.current.state.kind).toBe('not-found'));
    await new Promise((resolve) => setTimeout(resolve, 1_600)); // past the first two retries' times
    expect(fetch.mock.calls.filter(([url]) => url === `/queues/${queueId}/public`)).toHaveLength(1);
    unmount();
  });
});
