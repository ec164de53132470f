import { z } from 'zod';
import { ButtonVisibility, NameOrder } from '../enums.js';
import { SUPPORTED_LANGS } from '../i18n/translate.js';

/** A colour as the colour picker sends it: `#RRGGBB`. */
const processorColor = z
  .string()
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/);

export const ProcessorButtonVisibility = ButtonVisibility;
export type ProcessorButtonVisibility = ButtonVisibility;
export const ProcessorNameOrder = NameOrder;
export type ProcessorNameOrder = NameOrder;

/** The most members one processor may have in processing at once, where set for them. */
export const PROCESSOR_MAX_CONCURRENT_PROCESSING_MAX = 100;
/** The longest room name ("Raum 2"). */
export const PROCESSOR_ROOM_MAX_LENGTH = 40;

/** The fields an admin sets on a processor, create and edit alike (docs/product.md#entities Processor). */
const processorSettings = {
  display_name: z.string().trim().min(1).max(100),
  is_admin: z.boolean().optional(),
  lang: z.enum(SUPPORTED_LANGS).optional(),
  color: processorColor.nullable().optional(),
  priority: z.number().int().min(1).max(1000).optional(),
  max_concurrent_processing: z.number().int().min(1).max(PROCESSOR_MAX_CONCURRENT_PROCESSING_MAX).nullable().optional(),
  /** Null: the list's setting applies (docs/product.md#processor-settings). */
  button_visibility: ProcessorButtonVisibility.nullable().optional(),
  name_order: ProcessorNameOrder.nullable().optional(),
  /** Where they serve ("Raum 2"): named on the ticket page and monitor while processing. */
  room: z.string().trim().min(1).max(PROCESSOR_ROOM_MAX_LENGTH).nullable().optional(),
  microsoft_tenant_id: z.string().trim().min(1).max(100).nullable().optional(),
};

/** `POST /processors`: a new processor of the caller's account; the mail is the username. */
export const CreateProcessorInput = z.strictObject({
  username: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  ...processorSettings,
});
export type CreateProcessorInput = z.infer<typeof CreateProcessorInput>;

/** `PATCH /processors/{id}`: the same settings, each optional; username and password stay. */
export const UpdateProcessorInput = z.strictObject({
  ...processorSettings,
  display_name: processorSettings.display_name.optional(),
});
export type UpdateProcessorInput = z.infer<typeof UpdateProcessorInput>;

/** A processor (staff user) as admins see it; never the password. */
export const Processor = z.object({
  id: z.uuid(),
  username: z.string(),
  display_name: z.string(),
  is_admin: z.boolean(),
  lang: z.string(),
  color: z.string().nullable(),
  priority: z.number().int(),
  max_concurrent_processing: z.number().int().nullable(),
  button_visibility: ProcessorButtonVisibility.nullable(),
  name_order: ProcessorNameOrder.nullable(),
  room: z.string().nullable(),
  microsoft_tenant_id: z.string().nullable(),
  verified: z.boolean(),
  /** Invited and not signed in yet (no password, no Microsoft account): the invitation can be sent again. */
  invitation_pending: z.boolean(),
});
export type Processor = z.infer<typeof Processor>;

/** `PUT /queues/{queueId}/processors/{userId}`: assigns; `active` false = only managing. */
export const AssignProcessorInput = z.strictObject({ active: z.boolean().optional() });
export type AssignProcessorInput = z.infer<typeof AssignProcessorInput>;

/** A processor assigned to a queue, with whether they actively process it. */
export const AssignedProcessor = Processor.extend({ active: z.boolean() });
export type AssignedProcessor = z.infer<typeof AssignedProcessor>;

/** A pause with an announced return ends at most this far ahead: a break, not a day off. */
export const MAX_INACTIVE_HOURS = 12;

/**
 * `PATCH /processors/me/queues/{queueId}`: actively processing or only managing. With `active:
 * false`, `until` announces the return (a pause "for 30 minutes"): from then on the processor
 * counts as active again, and the wait estimate counts their lane as free from then. The server
 * checks that it lies ahead (UNTIL_IN_PAST) and at most MAX_INACTIVE_HOURS ahead (MAX_VALUE):
 * both need its clock. Without `until` (or null) the switch lasts until switched back.
 */
export const SetOwnQueueActiveInput = z
  .strictObject({
    active: z.boolean(),
    until: z.iso.datetime({ offset: true }).nullish(),
  })
  .superRefine((value, issue) => {
    if (value.active && value.until) issue.addIssue({ code: 'custom', path: ['until'], message: 'NOT_WITH_EVENT' });
  });
export type SetOwnQueueActiveInput = z.infer<typeof SetOwnQueueActiveInput>;

/** One of the caller's assigned queues (`GET /processors/me/queues`), by queue priority. */
export const OwnQueue = z.object({
  queue_id: z.uuid(),
  name: z.string(),
  identifier: z.string(),
  priority: z.number().int(),
  profile_id: z.uuid(),
  active: z.boolean(),
  /** Paused with an announced return: when they are back (ISO); null when active or no return announced. */
  inactive_until: z.string().nullable(),
});
export type OwnQueue = z.infer<typeof OwnQueue>;
