import type { RealtimeEvent } from '@wartefrei/shared';

/** One published event as it travels between nodes. */
export interface Envelope {
  /** The node that published it: that node has already delivered it to its own sockets. */
  origin: string;
  topic: string;
  version: number;
  event: RealtimeEvent;
  /** When the origin published it (epoch ms): the receiving node's fan-out delay. Absent from older nodes. */
  sentAt?: number;
}

/**
 * How nodes share versions and events. In process (one node) or Redis (many nodes).
 */
export interface PubSubAdapter {
  /** The next version of the topic: monotonic per topic across every node of this adapter. */
  nextVersion(topic: string): Promise<number>;
  /** The last version handed out for the topic, 0 when none. */
  currentVersion(topic: string): Promise<number>;
  /** Sends the envelope to the other nodes (never back to its origin's sockets). */
  broadcast(envelope: Envelope): Promise<void>;
  /** Called for envelopes of other nodes. */
  onMessage(handler: (envelope: Envelope) => void): void;
  close(): Promise<void>;
}

/**
 * One node: versions are an in-memory counter per topic and there is nobody to tell. The map
 * grows with the topics published since start (a few per ticket); a restart begins at 1 again,
 * which clients see as "not last + 1" and answer with a refetch.
 */
export function createInProcessAdapter(): PubSubAdapter {
  const versions = new Map<string, number>();
  return {
    nextVersion(topic) {
      const next = (versions.get(topic) ?? 0) + 1;
      versions.set(topic, next);
      return Promise.resolve(next);
    },
    currentVersion: (topic) => Promise.resolve(versions.get(topic) ?? 0),
    broadcast: () => Promise.resolve(),
    onMessage: () => undefined,
    close: () => Promise.resolve(),
  };
}
