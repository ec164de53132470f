import {
  DEFAULT_APPOINTMENT_TYPE_NAME,
  DEFAULT_CONFIRM_HOURS_BEFORE,
  DEFAULT_OFFER_COUNT,
  DEFAULT_OFFER_MINUTES,
  DEFAULT_UNCONFIRMED_MARK_HOURS,
  type AppointmentType,
  type CreateAppointmentTypeInput,
  type FieldErrorCode,
} from '@wartefrei/shared';
import { numberOf } from '../lists-form';

// The appointment type form keeps its values as the inputs hold them (text, a switch's boolean);
// these functions translate between that and the API (docs/product.md#earlier-appointments for
// the offer and confirmation settings).

export interface TypeFormValues extends Record<string, string | boolean> {
  queue_id: string;
  name: string;
  duration_minutes: string;
  default_processor_id: string;
  bookable_online: boolean;
  bookable_kiosk: boolean;
  /** Freed times go to this many waiting patients at once; '0' is off. */
  offer_count: string;
  offer_minutes: string;
  /** The "Bestätigung anfordern" switch: off sends `confirm_hours_before` null. */
  confirm: boolean;
  confirm_hours_before: string;
  unconfirmed_mark_hours: string;
}

/** A stored type's values, or a new one's (in the first list) with the shared defaults. */
export function typeFormValues(type: AppointmentType | undefined, firstQueueId = ''): TypeFormValues {
  return {
    queue_id: type?.queue_id ?? firstQueueId,
    name: type?.name ?? DEFAULT_APPOINTMENT_TYPE_NAME,
    duration_minutes: String(type?.duration_minutes ?? 15),
    default_processor_id: type?.default_processor_id ?? '',
    bookable_online: type?.bookable_online ?? true,
    bookable_kiosk: type?.bookable_kiosk ?? false,
    offer_count: String(type?.offer_count ?? DEFAULT_OFFER_COUNT),
    offer_minutes: String(type?.offer_minutes ?? DEFAULT_OFFER_MINUTES),
    confirm: (type?.confirm_hours_before ?? null) !== null,
    // Switched on, confirmations start at 48 hours unless the type has its own.
    confirm_hours_before: String(type?.confirm_hours_before ?? DEFAULT_CONFIRM_HOURS_BEFORE),
    unconfirmed_mark_hours: String(type?.unconfirmed_mark_hours ?? DEFAULT_UNCONFIRMED_MARK_HOURS),
  };
}

/**
 * The type API's input. A number stays as typed when it is not a whole one (and an empty one is
 * null), so the shared schema refuses it at its field with its own message.
 */
export function typeInputOf(values: TypeFormValues): CreateAppointmentTypeInput {
  return {
    queue_id: values.queue_id,
    name: values.name,
    duration_minutes: numberOf(values.duration_minutes),
    default_processor_id: values.default_processor_id || null,
    bookable_online: values.bookable_online,
    bookable_kiosk: values.bookable_kiosk,
    offer_count: numberOf(values.offer_count),
    offer_minutes: numberOf(values.offer_minutes),
    // Switched on but empty: '' (not null, which would mean "off"), so the form says it is missing.
    confirm_hours_before: values.confirm ? (numberOf(values.confirm_hours_before) ?? '') : null,
    unconfirmed_mark_hours: numberOf(values.unconfirmed_mark_hours),
  } as CreateAppointmentTypeInput;
}

/** What the schema cannot say well: hours switched on and left empty are missing, not malformed. */
export function typeFormProblems(input: CreateAppointmentTypeInput): Record<string, FieldErrorCode> {
  return (input.confirm_hours_before as unknown) === '' ? { confirm_hours_before: 'REQUIRED' } : {};
}
