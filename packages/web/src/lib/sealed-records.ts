import { SEALED_PATIENT_FIELDS, sealedAnswerKey, sealTargets, type Member, type SealedFields } from '@wartefrei/shared';
import { openSealed } from './keyring';

/*
 * Staff screens show sealed patient data opened in the browser (docs/security.md#encryption):
 * a record comes from the server with its sealed fields empty and `sealed_data` set; here the
 * fields are filled from it, or, while the key is locked, marked so the screen shows a
 * placeholder instead of an empty name.
 */

/** How a record's patient data stands in this browser: clear from the server, opened here, or locked. */
export type SealState = 'clear' | 'opened' | 'locked';
export type Opened<T> = T & { seal_state: SealState };
/** A record a screen may have got opened or straight from an action's answer. */
export type MaybeOpened<T> = T & { seal_state?: SealState };

const fieldsOf = (fields: SealedFields) => Object.fromEntries(SEALED_PATIENT_FIELDS.map((field) => [field, fields[field] ?? null]));

export async function openMember(member: Member): Promise<Opened<Member>> {
  if (!member.sealed_data) return { ...member, seal_state: 'clear' };
  const fields = await openSealed(member.sealed_data, sealTargets('member', member.id, { appointmentId: member.appointment_id, sealedSeriesId: member.sealed_series_id }));
  if (!fields) return { ...member, seal_state: 'locked' };
  return {
    ...member,
    ...fieldsOf(fields),
    answers: member.answers.map((answer) => (answer.question_id ? { ...answer, text: fields[sealedAnswerKey(answer.question_id)] ?? answer.text } : answer)),
    seal_state: 'opened',
  };
}

/** An appointment, whole or as the work view lists it: the sealed fields it has are filled. */
export async function openAppointment<T extends { id: string; sealed_data: string | null; sealed_series_id: string | null }>(appointment: T): Promise<Opened<T>> {
  if (!appointment.sealed_data) return { ...appointment, seal_state: 'clear' };
  const fields = await openSealed(appointment.sealed_data, sealTargets('appointment', appointment.id, { sealedSeriesId: appointment.sealed_series_id }));
  if (!fields) return { ...appointment, seal_state: 'locked' };
  const all = { ...fieldsOf(fields), description: fields.description ?? null };
  const own = Object.fromEntries(Object.entries(all).filter(([field]) => field in appointment));
  return { ...appointment, ...own, seal_state: 'opened' };
}

/** The name the member analysis shows of opened fields: first and last name, else the display name (as members.repo.ts names a clear record). */
export function reportName(fields: SealedFields): string | null {
  return [fields.first_name, fields.last_name].filter(Boolean).join(' ') || fields.display_name || null;
}

/** Whether a record matches a search typed in the work view: its number, or a part of its name, mail or phone. */
export function matchesSearch(record: Partial<Pick<Member, 'number' | 'display_name' | 'first_name' | 'last_name' | 'mail' | 'phone'>>, text: string): boolean {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return true;
  if (record.number !== undefined && String(record.number) === needle) return true;
  return [record.display_name, record.first_name, record.last_name, record.mail, record.phone].some((value) => value?.toLocaleLowerCase().includes(needle));
}
