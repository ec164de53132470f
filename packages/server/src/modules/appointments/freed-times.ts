import type { FREED_TIME_REASONS } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import type { AppContext } from '../../platform/context.js';
import { defineEvent } from '../../platform/hooks.js';
import type { AppointmentRow } from './appointments.repo.js';

/*
 * Times that become free ahead of their start (docs/product.md#earlier-appointments): the
 * appointments module says when — a cancel, a move, a deletion, an absence removed, new hours —
 * and the modules above it that offer freed times to waiting patients listen to
 * `appointmentHooks.freedTimes` (provided in app-hooks.ts). Told through `q`, in the writing
 * transaction where there is one, so a freed time is noted with the change that freed it.
 */

export type FreedTimeReason = (typeof FREED_TIME_REASONS)[number];

/** An appointment's time as it was held before the change that freed it. */
export type HeldTime = Pick<AppointmentRow, 'id' | 'accountId' | 'profileId' | 'appointmentTypeId' | 'processorId' | 'startAt' | 'endAt'>;

/** A stretch of a processor's calendar that may hold new free times (an absence removed, hours added). */
export interface OpenedStretch {
  accountId: string;
  processorId: string;
  from: Date;
  to: Date;
}

export interface FreedTimeListener {
  /** Times that appointments held until now (each held it: booked, not cancelled). */
  timesFreed(ctx: AppContext, q: Queryable, held: HeldTime[], reason: FreedTimeReason, now: Date): Promise<void>;
  /** A stretch where new free times may have appeared. */
  stretchOpened(ctx: AppContext, q: Queryable, stretch: OpenedStretch, reason: FreedTimeReason, now: Date): Promise<void>;
}

/** Where modules above `appointments` take part in its work (platform/hooks.ts). */
export const appointmentHooks = {
  /** Times freed ahead of their start; required: without the offers' listener nobody is offered them. */
  freedTimes: defineEvent<FreedTimeListener>('freedTimes', { owner: 'appointments', providedBy: 'offers', required: true }),
};

/**
 * Tells the listeners that these appointments let go of their times: only times still ahead of
 * `now` with a processor count. The callers pass rows that held their time before the change.
 */
export async function timesFreed(ctx: AppContext, q: Queryable, held: HeldTime[], reason: FreedTimeReason, now: Date): Promise<void> {
  const ahead = held.filter((row) => row.processorId !== null && row.startAt.getTime() > now.getTime());
  if (ahead.length === 0) return;
  for (const listener of ctx.hooks.listenersOf(appointmentHooks.freedTimes)) await listener.timesFreed(ctx, q, ahead, reason, now);
}

/** Tells the listeners that a processor's calendar may have new free times between `from` and `to`. */
export async function stretchOpened(ctx: AppContext, q: Queryable, stretch: OpenedStretch, reason: FreedTimeReason, now: Date): Promise<void> {
  if (stretch.to.getTime() <= now.getTime()) return;
  for (const listener of ctx.hooks.listenersOf(appointmentHooks.freedTimes)) await listener.stretchOpened(ctx, q, stretch, reason, now);
}
