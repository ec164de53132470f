import { z } from 'zod';

// The closed value sets of the product, written once: the zod schemas below validate them at the
// API edge, and the database declares its enums from the same tuples (packages/server db/schema.ts).

/** Subscription states of docs/product.md#states-and-transitions. */
export const SUBSCRIPTION_STATES = ['allPaid', 'deactivated', 'notPaid', 'trial', 'paymentExempt'] as const;
/** Where a device order is (docs/product.md#billing); the operator marks it shipped. */
export const DEVICE_ORDER_STATUSES = ['ORDERED', 'SHIPPED', 'CANCELLED'] as const;
/** Who may see a button (docs/product.md#roles-and-permissions). */
export const BUTTON_VISIBILITIES = ['EVERYBODY', 'ADMINS_ONLY', 'NOBODY'] as const;
/** How names are shown (docs/product.md#entities). */
export const NAME_ORDERS = ['FIRST_LAST', 'LAST_FIRST'] as const;
/** Whether a queue asks for a patient datum (docs/product.md#entities: Pflicht/Optional/Keine). */
export const PATIENT_INPUT_MODES = ['REQUIRED', 'OPTIONAL', 'NONE'] as const;
/** Where the logo sits on ticket and kiosk. */
export const LOGO_PLACEMENTS = ['NONE', 'TOP', 'BOTTOM'] as const;
/** Who caused a recorded session event: a user, the weekly schedule, or a job. */
export const SESSION_EVENT_SOURCES = ['USER', 'SCHEDULE', 'JOB'] as const;
/** The direction of an info tag's time shift (docs/product.md#entities). */
export const INFO_TAG_DELAYS = ['EARLIER', 'LATER', 'NONE'] as const;
/** How a monitor arranges its queues' numbers (docs/product.md#entities Monitor "layout"). */
export const MONITOR_LAYOUTS = ['STANDARD', 'COLUMNS', 'LIST'] as const;
/** A monitor's colour scheme: dark reads best from across a waiting room (the default). */
export const MONITOR_STYLES = ['LIGHT', 'DARK'] as const;

export const ButtonVisibility = z.enum(BUTTON_VISIBILITIES);
export type ButtonVisibility = z.infer<typeof ButtonVisibility>;
export const NameOrder = z.enum(NAME_ORDERS);
export type NameOrder = z.infer<typeof NameOrder>;

/** Ticket status (docs/product.md#states-and-transitions). */
export const MEMBER_STATUSES = ['WAITING', 'PROCESSING', 'FINISHED_BY_PROCESSOR', 'FINISHED_BY_TIMEOUT', 'FINISHED_BY_USER'] as const;
/** Who cancelled or ended a ticket (docs/product.md#states-and-transitions). */
export const CANCEL_STATES = ['USER', 'PROCESSOR', 'TIMEOUT', 'SESSION_END'] as const;
/** How a ticket was drawn: online by the patient, at the kiosk, or by a processor (docs/product.md#entities). */
export const DRAW_ORIGINS = ['ONLINE', 'KIOSK', 'MANUAL'] as const;
/** How a member came into a list: drawn (DRAW_ORIGINS), or an appointment checked in. */
export const MEMBER_ORIGINS = [...DRAW_ORIGINS, 'APPOINTMENT'] as const;
/** What the ticket page shows (docs/product.md#states-and-transitions "ticket view states"; not found is a 404). */
export const MEMBER_VIEWS = ['waiting', 'processing', 'finished', 'cancelled', 'expired'] as const;

/** An appointment's course (docs/product.md#states-and-transitions); a cancelled one keeps its status and gains a cancel state. */
export const APPOINTMENT_STATUSES = ['BOOKED', 'CHECKED_IN', 'FINISHED', 'NO_SHOW'] as const;
/** Who cancelled an appointment: the patient (never restored by them) or staff. */
export const APPOINTMENT_CANCEL_STATES = ['USER', 'STAFF'] as const;
/** How an appointment came to be (docs/product.md#entities Appointment). */
export const APPOINTMENT_SOURCES = ['API', 'FRONTEND', 'SELF_BOOKED', 'CSV_IMPORT'] as const;
/** Where a patient booked: their phone (ONLINE) or the practice's kiosk. */
export const BOOKING_CHANNELS = ['ONLINE', 'KIOSK'] as const;
/** What the appointment page shows (not found is a 404). */
export const APPOINTMENT_VIEWS = ['booked', 'checked_in', 'finished', 'cancelled'] as const;
