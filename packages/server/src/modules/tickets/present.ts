import { memberView, type Member, type MemberAlerts, type MemberAnswer, type TicketAlerts, type TicketView } from '@wartefrei/shared';
import type { InfoTagRow, MemberRow, QueueRow } from './tickets.repo.js';
import type { LineEstimate, PlaceInLine } from './line.js';
import type { DrawContext } from './draw.repo.js';
import { imageUrl } from '../images/index.js';

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;
const minutesBetween = (from: Date | null, to: Date | null): number | null => (from && to ? Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000)) : null);

/** What the staff list and the ticket page show alike. */
function ticketCore(row: MemberRow, place: PlaceInLine | undefined) {
  return {
    id: row.id,
    queue_id: row.queueId,
    number: row.number,
    status: row.status,
    cancel_state: row.cancelState,
    view: memberView({ status: row.status, cancel_state: row.cancelState }),
    position: place?.position ?? null,
    ahead: place?.ahead ?? null,
    created_at: row.createdAt.toISOString(),
    actual_start: iso(row.actualStart),
    actual_end: iso(row.actualEnd),
    display_name: row.displayName,
  };
}

/** A ticket on the staff list. */
export function presentMember(row: MemberRow, place: PlaceInLine | undefined, infoTagIds: string[], answers: MemberAnswer[], alerts: MemberAlerts, now: Date): Member {
  return {
    ...ticketCore(row, place),
    removed: row.removed,
    origin: row.origin,
    appointment_id: row.appointmentId,
    drawn_by_processor: row.origin === 'MANUAL',
    drawn_by_kiosk: row.origin === 'KIOSK',
    silent: row.silent,
    called_silently: row.calledSilently,
    processor_id: row.processorId,
    estimated_start: iso(place?.estimatedStart ?? null),
    first_estimated_start: iso(row.firstEstimatedStart),
    wait_minutes: minutesBetween(row.createdAt, row.actualStart ?? (row.status === 'WAITING' ? now : row.actualEnd)),
    processing_minutes: minutesBetween(row.actualStart, row.actualEnd ?? (row.status === 'PROCESSING' ? now : null)),
    first_name: row.firstName,
    last_name: row.lastName,
    birth_date: row.birthDate,
    insurance_number: row.insuranceNumber,
    mail: row.mail,
    phone: row.phone,
    lang: row.lang,
    info_tag_ids: infoTagIds,
    answers,
    erased_at: iso(row.personalDataErasedAt),
    sealed_data: row.sealedData,
    sealed_series_id: row.sealedSeriesId,
    alerts,
    version: row.version,
  };
}

/** The ticket page: the patient's own ticket, the queue's texts, nothing of other patients. */
type LogoOfContext = Pick<DrawContext, 'logoImageId' | 'logoHash' | 'logoMime' | 'logoWidth' | 'logoHeight'>;

/** The account's logo a draw context read: its URL and size; nulls without a logo. */
export function logoOf(context: LogoOfContext): Pick<TicketView['queue'], 'logo_url' | 'logo_size'> {
  const { logoImageId: id, logoHash: contentHash, logoMime: mimeType, logoWidth: width, logoHeight: height } = context;
  if (!id || !contentHash || !mimeType) return { logo_url: null, logo_size: null };
  return { logo_url: imageUrl({ id, contentHash, mimeType }), logo_size: width && height ? { width, height } : null };
}

/** While processing, who serves the ticket and where, when the list names them. */
function servedByOf(row: MemberRow, line: LineEstimate): Pick<TicketView, 'processor_name' | 'processor_room'> {
  const by = row.status === 'PROCESSING' ? line.servedBy.get(row.id) : undefined;
  return { processor_name: by?.name ?? null, processor_room: by?.room ?? null };
}

/** `context` gives the logo and the location's time zone, in which the page writes every time. */
export function presentTicket(
  row: MemberRow,
  queue: QueueRow,
  line: LineEstimate,
  tags: InfoTagRow[],
  alerts: TicketAlerts,
  now: Date,
  context: LogoOfContext & Pick<DrawContext, 'timeZone'>,
): TicketView {
  const place = line.places.get(row.id);
  const hideTimes = place?.hideTimes === true || tags.some((t) => t.hideTimesOnTicket);
  const estimatedStart = hideTimes ? null : (place?.estimatedStart ?? null);
  return {
    ...ticketCore(row, place),
    estimated_start: iso(estimatedStart),
    first_estimated_start: hideTimes ? null : iso(row.firstEstimatedStart),
    wait_minutes: estimatedStart ? Math.max(0, Math.ceil((estimatedStart.getTime() - now.getTime()) / 60_000)) : null,
    called_numbers: line.calledNumbers,
    ...servedByOf(row, line),
    info_tags: tags.map((t) => ({ id: t.id, name: t.name, label: t.label, color: t.color, ticket_text: t.ticketText })),
    queue: {
      id: queue.id,
      name: queue.name,
      phone: queue.phone,
      ticket_text_before: queue.ticketTextBefore,
      ticket_text_after: queue.ticketTextAfter,
      opening_hours: queue.openingHours,
      color: queue.color,
      accent_color: queue.accentColor,
      wait_time_calculation_enabled: queue.waitTimeCalculationEnabled,
      logo_placement_ticket: queue.logoPlacementTicket,
      ...logoOf(context),
      time_zone: context.timeZone,
    },
    alerts,
  };
}
