import { describe, expect, it } from 'vitest';
import { parseServerMessage, parseTopic, topicOf } from './realtime.js';
import { RealtimeClientMessage } from './realtime.schemas.js';

describe('topics', () => {
  it('builds and parses every kind', () => {
    for (const kind of ['queue', 'member', 'monitor', 'account'] as const) {
      expect(parseTopic(topicOf(kind, 'abc-1'))).toEqual({ kind, id: 'abc-1' });
    }
  });

  it.each(['ticket:1', 'queue:', 'queue', 'queue:a:b', 'queue:a b', `queue:${'a'.repeat(65)}`, 'QUEUE:1'])('refuses %j', (topic) => {
    expect(parseTopic(topic)).toBeUndefined();
  });
});

describe('client messages', () => {
  it.each([
    [{ type: 'subscribe', topics: ['queue:1'] }, true],
    [{ type: 'unsubscribe', topics: ['queue:1', 'member:2'] }, true],
    [{ type: 'subscribe', topics: [] }, false],
    [{ type: 'subscribe', topics: 'queue:1' }, false],
    [{ type: 'subscribe', topics: Array.from({ length: 101 }, (_, i) => `queue:${i}`) }, false],
    [{ type: 'subscribe', topics: ['queue:1'], extra: true }, false],
    [{ type: 'subscribe', topics: ['queue:1', 'member:2'], snapshots: ['member:2'] }, true],
    [{ type: 'subscribe', topics: ['queue:1'], snapshots: true }, false],
    [{ type: 'subscribe', topics: ['queue:1'], snapshots: [] }, false],
    [{ type: 'publish', topics: ['queue:1'] }, false],
  ])('%j valid: %s', (message, valid) => {
    expect(RealtimeClientMessage.safeParse(message).success).toBe(valid);
  });
});

describe('server messages', () => {
  it.each([
    ['{"type":"subscribed","topics":[{"topic":"queue:1","version":3}]}', true],
    ['{"type":"subscribed","topics":[{"topic":"queue:1","version":3,"snapshot":{"id":"1","waiting":2}}]}', true],
    ['{"type":"unsubscribed","topics":["queue:1"]}', true],
    ['{"type":"version","topic":"queue:1","version":4}', true],
    ['{"type":"error","code":"FORBIDDEN","topic":"queue:1"}', true],
    ['{"type":"member.called","topic":"queue:1","version":5,"queue_id":"1","number":7,"silent":false}', true],
    ['{"type":"monitor.updated","topic":"monitor:1","version":1}', true],
    ['pong', false],
    ['{"type":', false],
    ['[]', false],
    ['null', false],
    ['{"type":"member.deleted","topic":"queue:1","version":5}', false],
    ['{"type":"member.called","topic":"queue:1"}', false],
    ['{"type":"member.called","topic":"queue:1","version":"5"}', false],
    ['{"type":"subscribed","topics":[{"topic":"queue:1"}]}', false],
    ['{"type":"unsubscribed","topics":[1]}', false],
    ['{"type":"toString","topic":"queue:1","version":1}', false],
  ])('%s → %s', (text, valid) => {
    const parsed = parseServerMessage(text);
    expect(parsed !== undefined).toBe(valid);
    if (valid) expect(parsed).toEqual(JSON.parse(text));
  });
});
