import { isReservedAccountIdentifier } from '@wartefrei/shared';

/** The patient screens; each is its own chunk. */
export type PatientScreen = 'draw' | 'book' | 'ticket' | 'appointment' | 'offer' | 'kiosk' | 'monitor' | 'embed';

/** The three layouts of a one-queue monitor: `…/monitor`, `…/monitor2`, `…/monitor3`. */
export type MonitorVariant = 'master' | 1 | 2 | 3;

export interface PatientRoute {
  screen: PatientScreen;
  /** Ids from the path (`queueId`, `monitorId`). */
  queueId?: string;
  monitorId?: string;
  /** The key of the patient's link to their ticket or appointment (its token; never an id). */
  ticketKey?: string;
  appointmentKey?: string;
  /** The key of an offer's link (`/offer/:token`, docs/product.md#earlier-appointments). */
  offerKey?: string;
  /** Identifiers from an identifier path (`/:account/:profile?/:queue?/…`). */
  account?: string;
  profile?: string;
  queue?: string;
  monitor?: string;
  monitorVariant?: MonitorVariant;
  /** `…/sunmi_kiosk`: the kiosk runs inside the Sunmi app and prints through its bridge. */
  sunmi?: boolean;
}

const MONITOR_SUFFIX: Record<string, MonitorVariant> = { monitor: 1, monitor2: 2, monitor3: 3 };

/** `/:account/:profile?/:queue?/<suffix>` and `/:account/:profile?/:queue?`, docs/product.md#screens-and-routes. */
function identifierRoute(segments: string[]): PatientRoute | undefined {
  const [account, ...rest] = segments;
  if (!account || isReservedAccountIdentifier(account)) return undefined;
  // `/:account/monitor/:monitor?` is the master monitor; a location cannot be called `monitor`.
  if (rest[0] === 'monitor' && rest.length <= 2) return { screen: 'monitor', account, monitorVariant: 'master', ...(rest[1] ? { monitor: rest[1] } : {}) };
  const last = rest.at(-1) ?? '';
  const suffixed = last in MONITOR_SUFFIX || last === 'kiosk' || last === 'sunmi_kiosk' || last === 'book';
  const names = suffixed ? rest.slice(0, -1) : rest;
  if (names.length > 2) return undefined;
  const [profile, queue] = names;
  const base = { account, ...(profile ? { profile } : {}), ...(queue ? { queue } : {}) };
  if (last in MONITOR_SUFFIX) {
    // `/:account/:profile/:queue?/monitor` needs a location; monitor2 and monitor3 do not.
    if (last === 'monitor' && !profile) return undefined;
    return { screen: 'monitor', ...base, monitorVariant: MONITOR_SUFFIX[last] };
  }
  if (last === 'book') return { screen: 'book', ...base };
  if (last === 'kiosk' || last === 'sunmi_kiosk') return { screen: 'kiosk', ...base, sunmi: last === 'sunmi_kiosk' };
  return { screen: 'draw', ...base };
}

/**
 * Which patient screen a path opens, or undefined when the path belongs to the staff and public
 * app. The bootstrap decides with this before loading either, so a patient loads no staff code.
 */
export function matchPatientRoute(pathname: string): PatientRoute | undefined {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const [first, second, third, fourth] = segments;
  const n = segments.length;
  switch (first) {
    case 'queue':
      if (n === 2 && second) return { screen: 'draw', queueId: second };
      if (second && third === 'ticket' && n === 3) return { screen: 'draw', queueId: second };
      if (second && third === 'book' && n === 3) return { screen: 'book', queueId: second };
      if (second && third === 'ticket' && fourth && n === 4) return { screen: 'ticket', queueId: second, ticketKey: fourth };
      return undefined;
    case 'q':
      return n === 2 && second ? { screen: 'draw', queueId: second } : undefined;
    case 'ticket':
    case 't':
      return n === 2 && second ? { screen: 'ticket', ticketKey: second } : undefined;
    case 'appointment':
    case 'a':
      return n === 2 && second ? { screen: 'appointment', appointmentKey: second } : undefined;
    case 'offer':
      return n === 2 && second ? { screen: 'offer', offerKey: second } : undefined;
    case 'monitor':
    case 'm':
      return n === 2 && second ? { screen: 'monitor', monitorId: second, monitorVariant: 'master' } : undefined;
    case 'embed':
      return n === 4 && second === 'queue' && third === 'iframe' && fourth ? { screen: 'embed', queueId: fourth } : undefined;
    default:
      return n >= 1 ? identifierRoute(segments) : undefined;
  }
}
