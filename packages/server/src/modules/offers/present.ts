import { formatZoned, type AppointmentOffer, type OfferView } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { findUserById } from '../accounts/index.js';
import { addressOf, isOpenForPatient, type AppointmentWithPlace } from '../appointments/index.js';
import type { FreedTimeRow, OfferRow } from './offers.repo.js';

/** How the offer page reads an offer now (OFFER_VIEWS). */
export function viewOf(offer: OfferRow, freed: FreedTimeRow, found: AppointmentWithPlace, now: Date): OfferView {
  if (offer.state === 'ACCEPTED') return 'ACCEPTED';
  if (offer.state === 'DECLINED') return 'DECLINED';
  // Over is over, whatever became of the time since.
  if (offer.state === 'EXPIRED' || offer.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  if (offer.state === 'LOST' || freed.state !== 'OPEN') return 'TAKEN';
  if (!isOpenForPatient(found.appointment, now)) return 'EXPIRED';
  return 'OPEN';
}

export async function presentOffer(q: Queryable, offer: OfferRow, freed: FreedTimeRow, found: AppointmentWithPlace, now: Date): Promise<AppointmentOffer> {
  const tz = found.location.timeZone;
  const processor = await findUserById(q, freed.processorId);
  const row = found.appointment;
  const accepted = offer.state === 'ACCEPTED';
  return {
    state: viewOf(offer, freed, found, now),
    start: formatZoned(freed.startAt, tz),
    // An accepted offer's end is the appointment's own (its type's length).
    end: formatZoned(accepted ? row.endAt : freed.endAt, tz),
    time_zone: tz,
    type_name: found.typeName,
    location: { id: found.location.id, name: found.location.name, address: addressOf(found.location) },
    processor_name: processor?.displayName ?? null,
    current_start: formatZoned(row.startAt, tz),
    expires_at: formatZoned(offer.expiresAt, tz),
  };
}
