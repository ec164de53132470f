import { describe, expect, it } from 'vitest';
import { parseTopic, RealtimeClientMessage, topicOf } from './realtime.js';

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
    [{ type: 'publish', topics: ['queue:1'] }, false],
  ])('%j valid: %s', (message, valid) => {
    expect(RealtimeClientMessage.safeParse(message).success).toBe(valid);
  });
});
