import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@wartefrei/shared';
import { createInProcessAdapter } from './pubsub.js';
import { createHub, MAX_BUFFERED_BYTES, type RealtimeSink } from './hub.js';

const log = pino({ level: 'silent' });

/** A socket stand-in whose send buffer the test sets. */
function sink(bufferedAmount = 0) {
  const sent: string[] = [];
  const closes: [number, string][] = [];
  const value: RealtimeSink & { bufferedAmount: number } = {
    bufferedAmount,
    send: (data) => void sent.push(data),
    close: (code, reason) => void closes.push([code, reason]),
  };
  return { value, sent, closes };
}

const event: RealtimeEvent = { name: 'queue.updated', data: { queue_id: 'q', status: 'OPEN' }, public: true };

describe('realtime hub: backpressure', () => {
  it.each([
    ['at the limit', MAX_BUFFERED_BYTES, 1, []],
    ['above the limit', MAX_BUFFERED_BYTES + 1, 0, [[4408, 'SLOW_CONSUMER']]],
  ])('a socket with its send buffer %s', async (_case, buffered, sentCount, closes) => {
    const hub = createHub(createInProcessAdapter(), log);
    const slow = sink(buffered);
    const healthy = sink();
    hub.subscribe(slow.value, 'queue:q', { access: 'full' });
    hub.subscribe(healthy.value, 'queue:q', { access: 'full' });
    await hub.publish('queue:q', event);
    expect(slow.sent).toHaveLength(sentCount);
    expect(slow.closes).toEqual(closes);
    expect(healthy.sent).toHaveLength(1);
  });

  it('drops the subscriptions of a socket it closed for being slow', async () => {
    const hub = createHub(createInProcessAdapter(), log);
    const slow = sink(MAX_BUFFERED_BYTES + 1);
    hub.subscribe(slow.value, 'queue:q', { access: 'full' });
    await hub.publish('queue:q', event);
    slow.value.bufferedAmount = 0;
    await hub.publish('queue:q', event);
    expect(slow.sent).toEqual([]);
    expect(slow.closes).toHaveLength(1);
  });
});

describe('realtime hub: publish after commit', () => {
  it('never rejects when the adapter fails: it answers undefined and delivers nothing', async () => {
    const failing = { ...createInProcessAdapter(), nextVersion: () => Promise.reject(new Error('redis down')) };
    const hub = createHub(failing, log);
    const socket = sink();
    hub.subscribe(socket.value, 'queue:q', { access: 'full' });
    await expect(hub.publish('queue:q', event)).resolves.toBeUndefined();
    expect(socket.sent).toEqual([]);
  });

  it('counts versions per topic', async () => {
    const hub = createHub(createInProcessAdapter(), log);
    expect([await hub.publish('queue:a', event), await hub.publish('queue:a', event), await hub.publish('queue:b', event)]).toEqual([1, 2, 1]);
    expect(await hub.currentVersion('queue:a')).toBe(2);
  });
});

describe('realtime hub: what a public subscriber sees', () => {
  it('gets the publicData copy of an event, never the full data (member ids are ticket keys)', async () => {
    const hub = createHub(createInProcessAdapter(), log);
    const staff = sink();
    const patient = sink();
    hub.subscribe(staff.value, 'queue:q', { access: 'full' });
    hub.subscribe(patient.value, 'queue:q', { access: 'public' });
    await hub.publish('queue:q', {
      name: 'member.called',
      data: { member_id: 'secret-key', queue_id: 'q', number: 7, status: 'PROCESSING', silent: false },
      publicData: { queue_id: 'q', number: 7, silent: false },
    });
    expect(JSON.parse(staff.sent[0] ?? '')).toMatchObject({ type: 'member.called', member_id: 'secret-key', number: 7 });
    expect(JSON.parse(patient.sent[0] ?? '')).toEqual({ type: 'member.called', topic: 'queue:q', version: 1, queue_id: 'q', number: 7, silent: false });
    expect(patient.sent[0]).not.toContain('secret-key');
  });

  it('gets a bare version bump for an event that is neither public nor has a public copy', async () => {
    const hub = createHub(createInProcessAdapter(), log);
    const patient = sink();
    hub.subscribe(patient.value, 'queue:q', { access: 'public' });
    await hub.publish('queue:q', { name: 'member.updated', data: { member_id: 'k', queue_id: 'q', number: 1, status: 'WAITING' } });
    expect(JSON.parse(patient.sent[0] ?? '')).toEqual({ type: 'version', topic: 'queue:q', version: 1 });
  });
});

describe('realtime hub: a subscription under another name, and narrowed full access', () => {
  it("sends a topic's events to a sink under the name it asked for (a ticket's topic by its link's token)", async () => {
    const hub = createHub(createInProcessAdapter(), log);
    const patient = sink();
    const staff = sink();
    hub.subscribe(patient.value, 'member:the-id', { access: 'full' }, 'member:the-token');
    hub.subscribe(staff.value, 'member:the-id', { access: 'full' });
    await hub.publish('member:the-id', { name: 'member.updated', data: { member_id: 'the-id', queue_id: 'q', number: 3, status: 'WAITING' } });
    expect(JSON.parse(patient.sent[0] ?? '')).toMatchObject({ type: 'member.updated', topic: 'member:the-token', version: 1, number: 3 });
    expect(JSON.parse(staff.sent[0] ?? '')).toMatchObject({ topic: 'member:the-id', version: 1 });
    // Unsubscribed by the topic it follows, it gets nothing more.
    hub.unsubscribe(patient.value, 'member:the-id');
    await hub.publish('member:the-id', { name: 'member.updated', data: { member_id: 'the-id', queue_id: 'q', number: 3, status: 'PROCESSING' } });
    expect(patient.sent).toHaveLength(1);
  });

  it('gives a narrowed subscriber only the events it sees, and a bare version bump for the others', async () => {
    const hub = createHub(createInProcessAdapter(), log);
    const processor = sink();
    const admin = sink();
    const seesListA = (data: RealtimeEvent['data']) => 'queue_id' in data && data.queue_id === 'a';
    hub.subscribe(processor.value, 'account:x', { access: 'full', sees: seesListA });
    hub.subscribe(admin.value, 'account:x', { access: 'full' });
    await hub.publish('account:x', { name: 'alerts.changed', data: { queue_id: 'b', member_id: 'm-b' } });
    await hub.publish('account:x', { name: 'alerts.changed', data: { queue_id: 'a', member_id: 'm-a' } });
    expect(processor.sent.map((frame) => JSON.parse(frame) as unknown)).toEqual([
      { type: 'version', topic: 'account:x', version: 1 },
      { type: 'alerts.changed', topic: 'account:x', version: 2, queue_id: 'a', member_id: 'm-a' },
    ]);
    expect(admin.sent.join('')).toContain('m-b');
  });
});
