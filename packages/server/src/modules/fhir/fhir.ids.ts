import { isUuid } from '../../platform/auth.js';

/*
 * FHIR ids are at most 64 characters of [A-Za-z0-9.-]. A Schedule is a processor × an
 * appointment type, a Slot a Schedule × a start: two UUIDs with dashes (73 characters) do not
 * fit, so each UUID is written as its 128 bits in base 36, 25 characters, and the parts are
 * joined by '-'. The ids are computed, never stored: parsing one back names the rows to read,
 * and the account scope of those reads decides whether it exists for the caller.
 */

const UUID_BASE36_LENGTH = 25;
const BASE36 = /^[0-9a-z]+$/;

/** A UUID as 25 base-36 characters. */
function compactUuid(id: string): string {
  return BigInt(`0x${id.replaceAll('-', '')}`)
    .toString(36)
    .padStart(UUID_BASE36_LENGTH, '0');
}

/** The UUID of 25 base-36 characters, or undefined when they do not make one. */
function expandUuid(text: string): string | undefined {
  if (text.length !== UUID_BASE36_LENGTH || !BASE36.test(text)) return undefined;
  let value = 0n;
  for (const char of text) value = value * 36n + BigInt(parseInt(char, 36));
  const hex = value.toString(16);
  if (hex.length > 32) return undefined;
  const full = hex.padStart(32, '0');
  const id = `${full.slice(0, 8)}-${full.slice(8, 12)}-${full.slice(12, 16)}-${full.slice(16, 20)}-${full.slice(20)}`;
  return isUuid(id) ? id : undefined;
}

export interface ScheduleKey {
  typeId: string;
  processorId: string;
}

/** `Schedule/{id}`: the appointment type and the processor who serves it. */
export function scheduleId(key: ScheduleKey): string {
  return `${compactUuid(key.typeId)}-${compactUuid(key.processorId)}`;
}

/** The type and processor of a Schedule id; undefined for anything else (a 404, like an unknown one). */
export function parseScheduleId(id: string): ScheduleKey | undefined {
  const [type, processor, ...rest] = id.split('-');
  if (rest.length > 0 || !type || !processor) return undefined;
  const typeId = expandUuid(type);
  const processorId = expandUuid(processor);
  return typeId && processorId ? { typeId, processorId } : undefined;
}

export interface SlotKey extends ScheduleKey {
  start: Date;
}

/** `Slot/{id}`: its Schedule and its start in whole minutes since 1970, base 36. */
export function slotId(key: SlotKey): string {
  return `${scheduleId(key)}-${Math.round(key.start.getTime() / 60_000).toString(36)}`;
}

/** The Schedule and start of a Slot id; undefined for anything else. */
export function parseSlotId(id: string): SlotKey | undefined {
  const cut = id.lastIndexOf('-');
  const schedule = cut > 0 ? parseScheduleId(id.slice(0, cut)) : undefined;
  const minutes = id.slice(cut + 1);
  if (!schedule || !/^[0-9a-z]{1,9}$/.test(minutes)) return undefined;
  return { ...schedule, start: new Date(parseInt(minutes, 36) * 60_000) };
}

/** The id of a reference such as `Practitioner/{id}` (or the bare id), when it names that type. */
export function referencedId(reference: string, resourceType: string): string | undefined {
  const match = reference.match(/^(?:([A-Za-z]+)\/)?([A-Za-z0-9.-]{1,64})$/);
  if (!match || (match[1] !== undefined && match[1] !== resourceType)) return undefined;
  return match[2];
}
