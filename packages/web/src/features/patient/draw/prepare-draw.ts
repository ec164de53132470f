import { ageInYears, checkDrawTicket, formatLocalDate, SealingKeyMismatch, type PublicQueue } from '@wartefrei/shared';
import { sealForServedKey } from '../app/seal-served';

/**
 * What the draw form sends, made when the patient submits: checked with the server's own rules
 * (the shared zod schemas) and sealed while the practice encrypts. Its own chunk, fetched on the
 * first focus of the form or at the submit: the schemas and the crypto are a quarter of the draw
 * page's JS, and the first view needs neither (issue 44 §2: the draw page's budget).
 */
export type PreparedDraw = { kind: 'invalid'; fields: Record<string, string> } | { kind: 'refused' } | { kind: 'ready'; body: Record<string, unknown> };

export async function prepareDraw(queue: PublicQueue, payload: Record<string, unknown>): Promise<PreparedDraw> {
  const today = formatLocalDate({ year: new Date().getFullYear(), month: new Date().getMonth() + 1, day: new Date().getDate() });
  const checked = checkDrawTicket(queue.patient_inputs, payload, { today, minAge: queue.min_age, maxAge: queue.max_age });
  if (!checked.ok) return { kind: 'invalid', fields: checked.fields };
  try {
    // Bound to the ticket's id chosen here; refused for a key that is not the one the printed link names.
    const sent = await sealForServedKey(payload, queue.sealing_key, { table: 'queue_members' });
    // The birth date leaves sealed: the age limit is held by the age checked above, declared beside it.
    const limited = queue.min_age !== null || queue.max_age !== null;
    if (queue.sealing_key && limited && typeof payload.birth_date === 'string' && payload.birth_date !== '') sent.declared_age = ageInYears(payload.birth_date, today);
    return { kind: 'ready', body: sent };
  } catch (error) {
    // Nothing was sent: the page must not hand the patient's data to a key it cannot trust.
    if (error instanceof SealingKeyMismatch) return { kind: 'refused' };
    throw error;
  }
}
