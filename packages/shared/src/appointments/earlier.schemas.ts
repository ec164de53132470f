import { z } from 'zod';
import { isCalendarDate } from '../tickets/patient-data.js';

/*
 * Earlier appointments for those who wait, and confirmations (docs/product.md#earlier-appointments):
 * a patient asks to be offered an earlier time ("Früher, wenn möglich"); a time that becomes free
 * is offered to the first waiting patients whose wishes fit, by a secret link of its own
 * (`{PUBLIC_URL}/offer/{token}`); the first to accept moves their appointment there.
 */

/** Parts of a day a patient may name: a time starting before 12:00 local is MORNING, else AFTERNOON. */
export const DAY_PARTS = ['MORNING', 'AFTERNOON'] as const;
export const DayPart = z.enum(DAY_PARTS);
export type DayPart = z.infer<typeof DayPart>;
/** The local hour (of the location) from which a time counts as AFTERNOON. */
export const AFTERNOON_FROM_HOUR = 12;

/** A weekday (ISO: 1 Monday … 7 Sunday) and part of the day that suits the patient. */
export const EarlierTime = z.strictObject({ weekday: z.number().int().min(1).max(7), part: DayPart });
export type EarlierTime = z.infer<typeof EarlierTime>;

/**
 * `PUT /appointments/{patient key}/earlier` (staff: `{id}`): the wish to be offered an earlier
 * time. No body, or no fields: any earlier time. `not_before`: a local date before which no time
 * suits; `times`: the weekdays' parts that suit (empty or none: all).
 */
export const EarlierWishInput = z
  .strictObject({
    not_before: z.string().refine(isCalendarDate, 'INVALID_DATE').nullable().optional(),
    times: z.array(EarlierTime).max(14).nullable().optional(),
  })
  .nullish();
export type EarlierWishInput = z.infer<typeof EarlierWishInput>;

/** The wish as stored: since when, and what suits (`times` empty: any time). */
export const EarlierWish = z.object({
  since: z.string(),
  not_before: z.string().nullable(),
  times: z.array(EarlierTime),
});
export type EarlierWish = z.infer<typeof EarlierWish>;

/** Why a time became free (reports count them by reason). */
export const FREED_TIME_REASONS = ['CANCELLED', 'MOVED', 'DELETED', 'OFFER_TAKEN', 'ABSENCE_REMOVED', 'HOURS_ADDED'] as const;
/** OPEN while it may still be offered; FILLED when an offer was accepted; LAPSED when it can no longer be (taken otherwise, too soon, gone). */
export const FREED_TIME_STATES = ['OPEN', 'FILLED', 'LAPSED'] as const;
/** One offer to one waiting appointment: PENDING until sent, SENT until answered or over. */
export const OFFER_STATES = ['PENDING', 'SENT', 'ACCEPTED', 'DECLINED', 'LOST', 'EXPIRED'] as const;

/**
 * How the patient's offer page reads an offer: OPEN (may be accepted until `expires_at`),
 * ACCEPTED (their appointment is at `start` now), DECLINED, TAKEN (someone else was quicker or the
 * time is gone), EXPIRED.
 */
export const OFFER_VIEWS = ['OPEN', 'ACCEPTED', 'DECLINED', 'TAKEN', 'EXPIRED'] as const;
export const OfferView = z.enum(OFFER_VIEWS);
export type OfferView = z.infer<typeof OfferView>;

/**
 * `GET /appointment-offers/{token}` (no login; the token is the key): what is offered, until
 * when, and the appointment it would replace. `accept` and `decline` answer the same shape;
 * an accepted offer carries the appointment page's link (`patient_url`).
 */
export const AppointmentOffer = z.object({
  state: OfferView,
  /** The offered time, ISO 8601 with the location's offset. */
  start: z.string(),
  end: z.string(),
  time_zone: z.string(),
  type_name: z.string(),
  location: z.object({ id: z.uuid(), name: z.string(), address: z.string().nullable() }),
  processor_name: z.string().nullable(),
  /** The patient's appointment as it is now (after an accepted offer: the new time). */
  current_start: z.string(),
  expires_at: z.string(),
  patient_url: z.string().optional(),
});
export type AppointmentOffer = z.infer<typeof AppointmentOffer>;

/** Per type: offers go to this many waiting patients at once (0: none for the type). */
export const DEFAULT_OFFER_COUNT = 3;
export const MAX_OFFER_COUNT = 10;
/** Per type: an offer's link is valid this long (never past the time's booking window). */
export const DEFAULT_OFFER_MINUTES = 30;
/** Per type, when confirmations are on: asked this many hours before the start. */
export const DEFAULT_CONFIRM_HOURS_BEFORE = 48;
/** Per type: an unconfirmed appointment is marked in the calendar this many hours before. */
export const DEFAULT_UNCONFIRMED_MARK_HOURS = 24;
/** Per location: no offers are sent between these local times (they wait for the morning). */
export const DEFAULT_QUIET_HOURS = { start: '20:00', end: '08:00' } as const;

/** Whether the patient was asked to confirm and answered: null when not asked (off for the type, or not yet time). */
export const CONFIRMATION_STATES = ['ASKED', 'CONFIRMED'] as const;
export const ConfirmationState = z.enum(CONFIRMATION_STATES);
export type ConfirmationState = z.infer<typeof ConfirmationState>;
