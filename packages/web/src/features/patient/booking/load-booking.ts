import type { Availability, BookableType } from '@wartefrei/shared';
import { isNotFound, patientRequest } from '../app/api';
import { bookableTypesAt, resolveLink } from '../app/resolve-link';
import type { PatientRoute } from '../app/patient-routes';
import type { PatientGet } from '../draw/load-draw';
import { localDatePlus, mergeAvailability, type TimeChoice } from './booking-times';
import type { PickerProblem } from './TimePicker';

/** How many days one availability request covers, and how many such windows are searched for a first free day. */
export const WINDOW_DAYS = 28;
const WINDOWS = 3;

export type BookingProblem = PickerProblem | 'link' | 'no-types' | 'failed';

export type BookingStep =
  | { kind: 'loading' }
  | { kind: 'problem'; problem: BookingProblem; message?: string | undefined }
  | { kind: 'type'; types: BookableType[] }
  | { kind: 'time'; types: BookableType[]; type: BookableType; taken?: string }
  | { kind: 'form'; types: BookableType[]; type: BookableType; choice: TimeChoice; timeZone: string };

/** The booking page as the server rendered it (app/first-view.ts): the step, and the free times of its type. */
export interface BookFirstView {
  step: BookingStep;
  /** With a `time` step: the first free times found, and how many windows were asked for them. */
  times?: { found: Availability; fetched: number };
}

/** The types a link offers: a list's (`/queue/:id/book`, `…/:queue/book`) or a location's (`/:account/:profile/book`). */
async function typesOf(route: Omit<PatientRoute, 'screen'>, channel: 'ONLINE' | 'KIOSK', get: PatientGet): Promise<BookableType[] | undefined> {
  const { queueId, profileId } = await resolveLink(route, get);
  if (!queueId && !profileId) return undefined;
  // A location's link resolves to its first list too; it offers every list's types.
  const namesList = Boolean(route.queueId ?? route.queue);
  return bookableTypesAt(namesList || !profileId ? { queueId } : { profileId }, channel, get);
}

/** The booking's first step for a link: the type to choose, or the times of the one type (`wanted`: `?type=`). */
export async function firstBookingStep(
  route: Omit<PatientRoute, 'screen'>,
  wanted: string | null,
  channel: 'ONLINE' | 'KIOSK',
  get: PatientGet = patientRequest,
): Promise<BookingStep> {
  try {
    const types = await typesOf(route, channel, get);
    if (!types) return { kind: 'problem', problem: 'link' };
    if (types.length === 0) return { kind: 'problem', problem: 'no-types' };
    const only = types.find((type) => type.id === wanted) ?? (types.length === 1 ? types[0] : undefined);
    return only ? { kind: 'time', types, type: only } : { kind: 'type', types };
  } catch (error) {
    return { kind: 'problem', problem: isNotFound(error) ? 'link' : 'offline' };
  }
}

/**
 * The free times of a type: `windows` windows of four weeks from today, and further (up to three)
 * while nothing is free yet. `fetched`: how many were asked.
 */
export async function findFreeTimes(
  typeId: string,
  channel: 'ONLINE' | 'KIOSK',
  windows: number,
  today: Date,
  get: PatientGet = patientRequest,
): Promise<{ found: Availability; fetched: number }> {
  const ask = (window: number) =>
    get<Availability>(
      `/appointment-types/${typeId}/availability?from=${localDatePlus(today, window * WINDOW_DAYS)}&to=${localDatePlus(today, (window + 1) * WINDOW_DAYS - 1)}&channel=${channel}`,
    );
  let found = await ask(0);
  let window = 1;
  while (window < windows || (found.slots.length === 0 && window < WINDOWS)) found = mergeAvailability(found, await ask(window++));
  return { found, fetched: window };
}
