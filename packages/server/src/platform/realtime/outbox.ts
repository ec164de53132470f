import type { RealtimeEvent } from '@wartefrei/shared';
import type { RealtimeHub } from './hub.js';

/**
 * Events collected while a transaction runs, published once it committed: a rolled-back change
 * is never announced, and a client that refetches on the event sees the committed state.
 */
export class Outbox {
  private readonly items: { topic: string; event: RealtimeEvent }[] = [];

  add(topic: string, event: RealtimeEvent): void {
    this.items.push({ topic, event });
  }

  /** Takes over another box's events (a nested step that succeeded). */
  adopt(other: Outbox): void {
    this.items.push(...other.items.splice(0));
  }

  /** Publishes in order and empties the box; call after the commit. Never throws (see publish). */
  async flush(hub: RealtimeHub): Promise<void> {
    const items = this.items.splice(0);
    for (const { topic, event } of items) await hub.publish(topic, event);
  }
}
