import type { CreateInfoTagInput, InfoTag, InfoTagDelay } from '@wartefrei/shared';

/** The info tag form's values: texts as typed (Mantine inputs), switches as booleans. */
export type InfoTagFormValues = {
  name: string;
  label: string;
  color: string;
  delay: InfoTagDelay;
  delay_minutes: string;
  time_priority: boolean;
  visible_on_ticket: boolean;
  ticket_text: string;
  hide_times_on_ticket: boolean;
};

/** A new tag: no delay, shown on the ticket (the server's defaults for what the form always sends). */
export const EMPTY_INFO_TAG: InfoTagFormValues = {
  name: '',
  label: '',
  color: '',
  delay: 'NONE',
  delay_minutes: '0',
  time_priority: false,
  visible_on_ticket: true,
  ticket_text: '',
  hide_times_on_ticket: false,
};

/** The form's values for editing an existing tag. */
export function infoTagFormValuesOf(tag: InfoTag): InfoTagFormValues {
  return {
    name: tag.name,
    label: tag.label ?? '',
    color: tag.color ?? '',
    delay: tag.delay,
    delay_minutes: String(tag.delay_minutes),
    time_priority: tag.time_priority,
    visible_on_ticket: tag.visible_on_ticket,
    ticket_text: tag.ticket_text ?? '',
    hide_times_on_ticket: tag.hide_times_on_ticket,
  };
}

/** A typed number, or what zod rejects with a message (NaN) — never a silent 0 for "abc". */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The request body for both POST and PATCH: every field, empty texts as null (the ticket then
 * shows nothing). Without a delay the minutes are 0 whatever was typed before switching back,
 * so the shared delay rule holds.
 */
export function infoTagInputOf(values: InfoTagFormValues): CreateInfoTagInput {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    name: values.name,
    label: orNull(values.label),
    color: orNull(values.color),
    delay: values.delay,
    delay_minutes: values.delay === 'NONE' ? 0 : numberOf(values.delay_minutes),
    time_priority: values.time_priority,
    visible_on_ticket: values.visible_on_ticket,
    ticket_text: orNull(values.ticket_text),
    hide_times_on_ticket: values.hide_times_on_ticket,
  };
}
