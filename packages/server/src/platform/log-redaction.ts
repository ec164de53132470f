import { createHash } from 'node:crypto';

/*
 * What the log may show of a URL, a message text and a recipient (docs/security.md#logs). The
 * log goes to whoever runs the server and to every tool its lines are shipped to; a key in a URL
 * opens a patient's ticket, a token resets a password, a searched name is patient data.
 */

/** What stands in the log where a key, a value or an address was. */
export const MASK = '*';

/**
 * Path words whose next segment is a key: a patient's ticket or appointment (its id today, a
 * random token once links carry one; the patient app's `/ticket/…`, `/t/…`, `/a/…`,
 * `/appointment/…`, `/queue/{id}/ticket/…`), a password reset or invitation, a calendar feed, an
 * offer. Staff routes share these words with plain ids (`/members/{id}/call`): masking those too
 * costs an operator little (the audit log says who did what) and needs no list of which is which.
 */
const KEY_FOLLOWS = new Set(['members', 'appointments', 'ticket', 't', 'appointment', 'a', 'password-reset', 'passwordreset', 'calendar', 'offer', 'appointment-offers']);
/** Route words that follow such a word and are no key (`/appointments/check-in`, `/calendar/feed`). */
const ROUTE_WORDS = new Set(['check-in', 'import', 'feed']);
/** A query parameter's name as our APIs spell them; anything else (a token as a bare key, an encoded name) is masked whole. */
const PARAMETER_NAME = /^[a-z][a-z_]{0,31}$/;

/** A path segment as the router compares it: decoded, any case (a browser's router ignores case). */
function wordOf(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

function maskPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      const keyed = i > 0 && KEY_FOLLOWS.has(wordOf(segments[i - 1] ?? ''));
      return keyed && segment !== '' && !ROUTE_WORDS.has(wordOf(segment)) ? MASK : segment;
    })
    .join('/');
}

/** Only the parameters' names stay: a value may be a token (`/verify?token=`, `/ws?token=`) or a searched name (`?q=`). */
function maskQuery(query: string): string {
  return query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at < 0 ? '' : pair.slice(0, at);
      return PARAMETER_NAME.test(name) ? `${name}=${MASK}` : MASK;
    })
    .join('&');
}

/**
 * A URL or a request's path as the log may show it: the segment after a key word replaced, every
 * query value replaced (names kept), a fragment replaced, credentials before the host dropped.
 * So `/members/3f…/alerts?lang=de` is logged as `/members/` + MASK + `/alerts?lang=` + MASK.
 */
export function maskUrl(url: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const hashAt = rest.indexOf('#');
  const beforeHash = hashAt < 0 ? rest : rest.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? undefined : beforeHash.slice(queryAt + 1);
  const host = origin.includes('@') ? origin.replace(/\/\/[^@]*@/, `//${MASK}@`) : origin;
  return `${host}${maskPath(path)}${query === undefined ? '' : `?${maskQuery(query)}`}${hashAt < 0 ? '' : `#${MASK}`}`;
}

/** A URL or a path in running text: up to a blank, quote or angle bracket. */
const LINK_IN_TEXT = /(?:[a-z][a-z0-9+.-]*:\/\/[^\s/?#"'<>]*)?\/[^\s"'<>]*/gi;
/** Punctuation that ends a sentence after a link rather than belonging to it. */
const TRAILING_PUNCTUATION = /[.,;:!)\]]+$/;
/** An address up to a blank or bracket; a full stop after it ends the sentence, not the domain. */
const MAIL_ADDRESS = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]*[^\s@<>"'(),;:.!?]/g;

/** Every URL and path in a text masked as maskUrl does (a mail's or an SMS's links). */
export function maskLinks(text: string): string {
  return text.replace(LINK_IN_TEXT, (link) => {
    const trailing = TRAILING_PUNCTUATION.exec(link)?.[0] ?? '';
    return maskUrl(link.slice(0, link.length - trailing.length)) + trailing;
  });
}

/**
 * A text for the log: its links masked, every mail address replaced, and the `confidential`
 * values the writer knows of (the name a mail greets, a check-in code) replaced wherever they
 * stand. What a text says stays readable; whom it is about does not.
 */
export function maskText(text: string, confidential: readonly (string | null | undefined)[] = []): string {
  let masked = maskLinks(text).replace(MAIL_ADDRESS, `${MASK}@${MASK}`);
  // Longest first: a full name is masked whole before a part of it could leave the rest.
  const values = confidential.filter((v): v is string => typeof v === 'string' && v.trim().length > 1).sort((a, b) => b.length - a.length);
  for (const value of values) masked = masked.split(value.trim()).join(MASK);
  return masked;
}

/**
 * How the log names a mail's or an SMS's recipient: the first 12 hex digits of the SHA-256 of
 * the address or number as stored, lowercased. The same address gives the same name in every
 * line, so an operator can follow a recipient and check one they were asked about
 * (`printf %s maria@example.com | sha256sum | cut -c1-12`), without the log listing them.
 */
export function recipientRef(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 12);
}
