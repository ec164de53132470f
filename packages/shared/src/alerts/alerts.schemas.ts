import { z } from 'zod';
import { PATIENT_FIELD_FORMATS } from '../tickets/tickets.schemas.js';

/*
 * "Almost your turn" alerts (docs/product.md#alerts): a patient on the ticket page asks to be
 * told when few are ahead, when little time is left, and when called — by Web Push and, where
 * the list allows it, by SMS. Each alert is sent once; staff see per ticket how it went.
 */

export const ALERT_CHANNELS = ['PUSH', 'SMS'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
/** AHEAD: the list's `alert_members_ahead` or fewer are ahead; MINUTES: `alert_minutes_left` or less to wait; CALLED: their turn. */
export const ALERT_KINDS = ['AHEAD', 'MINUTES', 'CALLED'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** SENDING while on the way; DROPPED when the ticket ended before it went out. */
export const ALERT_STATES = ['SENDING', 'SENT', 'FAILED', 'DROPPED'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** The defaults of a new list: told at 2 ahead or 10 minutes left. */
export const ALERT_DEFAULTS = { members_ahead: 2, minutes_left: 10 } as const;
export const ALERT_MEMBERS_AHEAD_MAX = 50;
export const ALERT_MINUTES_LEFT_MAX = 240;

/** A browser's push subscription as `PushSubscription.toJSON()` gives it. */
export const PushSubscriptionInput = z.object({
  endpoint: z.url({ message: 'INVALID_VALUE' }).max(2000, 'MAX_LENGTH'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'INVALID_VALUE'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, 'INVALID_VALUE'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

/**
 * `PUT /members/{id}/alerts`: a channel given is (re)subscribed, `null` ends it, absent leaves
 * it as it is. SMS needs a phone number and a list that allows SMS.
 */
export const AlertSubscriptionBody = z.strictObject({
  push: PushSubscriptionInput.nullable().optional(),
  sms: z
    .strictObject({ phone: PATIENT_FIELD_FORMATS.phone.refine((v) => v !== '', 'REQUIRED') })
    .nullable()
    .optional(),
});
export type AlertSubscriptionBody = z.input<typeof AlertSubscriptionBody>;

/** The alerts as the ticket page shows them: what the list offers and what this ticket asked for. */
export const TicketAlerts = z.object({
  /** Told when this many or fewer are ahead; null: the list does not offer it. */
  members_ahead: z.number().int().nullable(),
  /** Told when this many minutes or fewer are left; null: not offered (or no wait times). */
  minutes_left: z.number().int().nullable(),
  /** The server's VAPID public key (base64url), for `PushManager.subscribe`. */
  push_key: z.string(),
  /** The list allows alerts by SMS. */
  sms_offered: z.boolean(),
  push: z.boolean(),
  /** The last digits of the phone the SMS go to, when subscribed. */
  sms_phone_end: z.string().nullable(),
});
export type TicketAlerts = z.infer<typeof TicketAlerts>;

/** One alert of a ticket as staff see it in the work view. */
export const AlertDelivery = z.object({
  channel: z.enum(ALERT_CHANNELS),
  kind: z.enum(ALERT_KINDS),
  state: z.enum(ALERT_STATES),
  at: z.string(),
  /** Why it failed, in plain words of the push service or gateway. */
  error: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof AlertDelivery>;

/** A ticket's alerts for staff: the channels asked for and every alert tried. */
export const MemberAlerts = z.object({
  channels: z.array(z.enum(ALERT_CHANNELS)),
  deliveries: z.array(AlertDelivery),
});
export type MemberAlerts = z.infer<typeof MemberAlerts>;
