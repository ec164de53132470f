import { birthDateProblem, svnrProblem } from '@wartefrei/shared';
import { sealForServedKey } from '../app/seal-served';
import { sealingKeyFor } from '../app/resolve-link';
import { browserToday } from '../../../lib/browser-date';

const NAME_MAX_LENGTH = 100;

/**
 * The format checks the server makes of the sealed fields, made here instead while the practice
 * encrypts (the booking page loads no schema library: its size budget). Answers field codes.
 */
export function sealedFieldProblems(body: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {};
  const text = (field: string) => (typeof body[field] === 'string' ? body[field].trim() : '');
  for (const field of ['first_name', 'last_name']) if (text(field).length > NAME_MAX_LENGTH) problems[field] = 'MAX_LENGTH';
  const birthDate = text('birth_date');
  const dateProblem = birthDate === '' ? undefined : birthDateProblem(birthDate, browserToday());
  if (dateProblem) problems.birth_date = dateProblem;
  const insurance = text('insurance_number').replace(/\s+/g, '');
  const insuranceProblem = insurance === '' ? undefined : svnrProblem(insurance);
  if (insuranceProblem) problems.insurance_number = insuranceProblem;
  return problems;
}

/**
 * A booking's body as sent: unchanged while the practice does not encrypt; else checked here and
 * its names, birth date, insurance number and description sealed for the practice's key and
 * bound to the appointment's id chosen here. Throws SealingKeyMismatch (nothing sealed) for a
 * served key that is not the one the printed link names (app/key-tag.ts).
 */
export async function sealBookingBody(
  body: Record<string, unknown>,
  queueId: string,
  channel: 'ONLINE' | 'KIOSK',
): Promise<{ kind: 'ready'; body: Record<string, unknown> } | { kind: 'refused'; fields: Record<string, string> }> {
  const key = await sealingKeyFor(queueId, channel);
  if (key) {
    const fields = sealedFieldProblems(body);
    if (Object.keys(fields).length > 0) return { kind: 'refused', fields };
  }
  return { kind: 'ready', body: await sealForServedKey(body, key, { table: 'appointments', extraFields: ['description'] }) };
}
