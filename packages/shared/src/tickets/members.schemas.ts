import { z } from 'zod';
import { APPOINTMENT_STATUSES, CANCEL_STATES, MEMBER_ORIGINS, MEMBER_STATUSES, MEMBER_VIEWS } from '../enums.js';
import { Queue } from '../queues/queues.schemas.js';
import { MemberAnswer } from '../probing/probing.schemas.js';
import { SealingKey } from '../privacy/encryption.schemas.js';
import { MemberAlerts, TicketAlerts } from '../alerts/alerts.schemas.js';

export const MemberOrigin = z.enum(MEMBER_ORIGINS);
export type MemberOrigin = z.infer<typeof MemberOrigin>;
export const MemberStatus = z.enum(MEMBER_STATUSES);
export type MemberStatus = z.infer<typeof MemberStatus>;
export const CancelState = z.enum(CANCEL_STATES);
export type CancelState = z.infer<typeof CancelState>;
export const MemberViewName = z.enum(MEMBER_VIEWS);
const DrawRefusalCode = z.enum(['SUBSCRIPTION_INVALID', 'DRAWING_DISABLED', 'KIOSK_DISABLED', 'QUEUE_CLOSED', 'INTAKE_SUSPENDED']);

const instant = z.string();
const whole = z.number().int();

/** An info tag as a patient sees it on the ticket (only tags marked visible on ticket). */
export const TicketInfoTag = z.object({
  id: z.uuid(),
  name: z.string(),
  label: z.string().nullable(),
  color: z.string().nullable(),
  ticket_text: z.string().nullable(),
});
export type TicketInfoTag = z.infer<typeof TicketInfoTag>;

/** The logo's stored size in pixels: the page keeps its place before it loads (no layout shift). */
export const LogoSize = z.object({ width: whole, height: whole });
export type LogoSize = z.infer<typeof LogoSize>;

/** The queue as the ticket page shows it. */
export const TicketQueue = Queue.pick({
  id: true,
  name: true,
  phone: true,
  ticket_text_before: true,
  ticket_text_after: true,
  opening_hours: true,
  color: true,
  accent_color: true,
  wait_time_calculation_enabled: true,
  logo_placement_ticket: true,
}).extend({
  /** The practice's logo (a content-hashed URL); null without one. Shown where `logo_placement_ticket` says. */
  logo_url: z.string().nullable(),
  logo_size: LogoSize.nullable(),
  /** The location's IANA time zone: the page writes every time in it, as the practice's clocks show it. */
  time_zone: z.string(),
});

/** What names a ticket and its state, first in the patient's and in the staff's view alike. */
const ticketIdentity = {
  id: z.uuid(),
  queue_id: z.uuid(),
  number: whole,
  status: MemberStatus,
  cancel_state: CancelState.nullable(),
  view: MemberViewName,
};

/**
 * `GET /members/{token}` (public: the token of the patient's link is the key, never the id):
 * what the ticket page shows. Times
 * are ISO instants; `position` (1 = next) and `ahead` only while waiting in line; estimates are
 * null when the queue does not calculate wait times or an info tag hides times.
 */
export const TicketView = z.object({
  ...ticketIdentity,
  position: whole.nullable(),
  ahead: whole.nullable(),
  estimated_start: instant.nullable(),
  first_estimated_start: instant.nullable(),
  /** Whole minutes from now until the estimated start. */
  wait_minutes: whole.nullable(),
  created_at: instant,
  actual_start: instant.nullable(),
  actual_end: instant.nullable(),
  display_name: z.string().nullable(),
  /** Numbers being processed right now that were called publicly, latest call first. */
  called_numbers: z.array(whole),
  /** While this ticket is processed and the list names who serves (show_processor_on_processing): their display name; else null. */
  processor_name: z.string().nullable(),
  /** Likewise the room they serve in, where set on the processor; else null. */
  processor_room: z.string().nullable(),
  info_tags: z.array(TicketInfoTag),
  queue: TicketQueue,
  /** "Almost your turn" alerts: what the list offers, what this ticket asked for. */
  alerts: TicketAlerts,
  /**
   * The link the patient keeps (`{PUBLIC_URL}/ticket/{token}`): in the draw's answer, and in any
   * answer to a request made with a link. Its token is the only key to the ticket without a login.
   */
  patient_url: z.string().optional(),
});
export type TicketView = z.infer<typeof TicketView>;

/** A ticket on the processors' list: the ticket view's core plus the patient data and who drew it. */
export const Member = z.object({
  ...ticketIdentity,
  removed: z.boolean(),
  origin: MemberOrigin,
  /** The appointment this member is (origin APPOINTMENT), checked in; null for a drawn ticket. */
  appointment_id: z.uuid().nullable(),
  drawn_by_processor: z.boolean(),
  drawn_by_kiosk: z.boolean(),
  silent: z.boolean(),
  called_silently: z.boolean(),
  processor_id: z.uuid().nullable(),
  position: whole.nullable(),
  ahead: whole.nullable(),
  estimated_start: instant.nullable(),
  first_estimated_start: instant.nullable(),
  created_at: instant,
  actual_start: instant.nullable(),
  actual_end: instant.nullable(),
  /** Minutes from drawing to the call (or until now while waiting). */
  wait_minutes: whole.nullable(),
  /** Minutes from the call to the end (or until now while processing). */
  processing_minutes: whole.nullable(),
  display_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  birth_date: z.string().nullable(),
  insurance_number: z.string().nullable(),
  mail: z.string().nullable(),
  phone: z.string().nullable(),
  lang: z.string().nullable(),
  info_tag_ids: z.array(z.uuid()),
  /** The probing interview's answers given with the draw, in the order asked. */
  answers: z.array(MemberAnswer),
  /** When the patient's data was erased (retention or their request): the fields above are empty for good. */
  erased_at: instant.nullable(),
  /** With encryption on: the names, birth date, insurance number and free-text answers, sealed; staff browsers open it. */
  sealed_data: z.string().nullable(),
  /** Checked in from an occurrence carrying its series' sealed text: that series (crypto sealTargets). */
  sealed_series_id: z.uuid().nullable(),
  /** The alerts the patient asked for, and how each went (delivered or failed). */
  alerts: MemberAlerts,
  /** The compare-and-set key: send it back with an action to act only on what you saw. */
  version: whole,
});
export type Member = z.infer<typeof Member>;

/**
 * An appointment of the day on its list's work view, not yet checked in (checked in, it is a
 * member with origin APPOINTMENT): marked by `kind`, with its time and its patient.
 */
export const AppointmentEntry = z.object({
  kind: z.literal('appointment'),
  id: z.uuid(),
  queue_id: z.uuid(),
  appointment_type_id: z.uuid(),
  processor_id: z.uuid().nullable(),
  start: instant,
  end: instant,
  status: z.enum(APPOINTMENT_STATUSES),
  /** 15 minutes after the start without a check-in, staff may mark a no-show. */
  can_mark_no_show: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  /** With encryption on: the names sealed (the staff browser opens them). */
  sealed_data: z.string().nullable(),
  /** The staff series whose sealed text the appointment carries (crypto sealTargets). */
  sealed_series_id: z.uuid().nullable(),
  /** Asked to confirm and not confirmed, within its type's mark time: the day view marks it (staff may call the phone on file). */
  unconfirmed: z.boolean(),
});
export type AppointmentEntry = z.infer<typeof AppointmentEntry>;

/** `GET /queues/{id}/members`: the members, then the day's appointments not yet checked in. */
export const WorkViewEntry = z.union([Member, AppointmentEntry]);
export type WorkViewEntry = z.infer<typeof WorkViewEntry>;

/** What a staff action answers: the member, the next one called automatically, a warning. */
export const MemberActionResult = z.object({
  member: Member,
  /** Set by finish on a queue with automatically-next: the member called next (null: nobody waiting). */
  next: Member.nullable().optional(),
  /** The call went beyond a recommended limit (`force`): the list's, or the processor's own. */
  warning: z
    .object({ code: z.enum(['MAX_CONCURRENT_PROCESSING', 'PROCESSOR_MAX_CONCURRENT_PROCESSING', 'RECIPIENT_MAX_CONCURRENT_PROCESSING']), message: z.string(), max: whole })
    .optional(),
});
export type MemberActionResult = z.infer<typeof MemberActionResult>;

/** How many upcoming numbers the public queue view lists. */
export const PUBLIC_NEXT_NUMBERS = 5;

/** `GET /queues/{id}/public`: what any visitor may see of a queue — nothing about other patients. */
export const PublicQueue = Queue.pick({
  id: true,
  profile_id: true,
  name: true,
  identifier: true,
  phone: true,
  kiosk_text_before: true,
  kiosk_text_after: true,
  ticket_text_before: true,
  ticket_text_after: true,
  monitor_text: true,
  opening_hours: true,
  color: true,
  accent_color: true,
  draw_online_enabled: true,
  kiosk_enabled: true,
  wait_time_calculation_enabled: true,
  display_monitor_on_kiosk: true,
  ask_patient_for_language: true,
  patient_inputs: true,
  min_age: true,
  max_age: true,
  session: true,
  always_show_probing_questions: true,
  logo_placement_ticket: true,
  logo_placement_kiosk: true,
}).extend({
  /** The practice's logo (a content-hashed URL); null without one. Kiosk and monitor place it by `logo_placement_kiosk`. */
  logo_url: z.string().nullable(),
  logo_size: LogoSize.nullable(),
  /** Why a patient cannot draw online / at the kiosk right now; null when they can. */
  online_refusal: DrawRefusalCode.nullable(),
  kiosk_refusal: DrawRefusalCode.nullable(),
  waiting: whole,
  processing: whole,
  called_numbers: z.array(whole),
  /**
   * Who serves each publicly called number, in the order of `called_numbers`, when the list
   * names them (show_processor_on_processing); empty otherwise.
   */
  called_processors: z.array(z.object({ number: whole, processor_name: z.string(), processor_room: z.string().nullable() })),
  /**
   * The numbers called next: the first PUBLIC_NEXT_NUMBERS waiting tickets in line order
   * (not cancelled, not drawn silently by a processor). What a monitor shows as "next".
   */
  next_numbers: z.array(whole),
  /** When a ticket drawn now would start; null when the queue does not calculate wait times. */
  estimated_wait: z.object({ estimated_start: instant, wait_minutes: whole }).nullable(),
  /** While the practice encrypts: the key a patient's browser seals their data for (docs/security.md#encryption). */
  sealing_key: SealingKey.nullable(),
});
export type PublicQueue = z.infer<typeof PublicQueue>;
