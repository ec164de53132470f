import { EMBED_FLAGS, type EmbedFlag } from '../patient/embed/embed-flags';

/** What a queue's addresses are built from: the public base URL and the three identifiers. */
export interface LinkParts {
  /** PUBLIC_URL (or the browser's origin), with or without a trailing slash. */
  base: string;
  account: string;
  profile: string;
  queue: string;
  queueId: string;
  /**
   * The practice key's fingerprint (crypto keyTag) as this browser trusts it, while the practice
   * encrypts: the patient pages opened from these links seal only for a key with it
   * (docs/security.md#encryption). Never one the server computed.
   */
  keyTag?: string | undefined;
}

/** Every address the rollout center hands out for one queue. */
export interface QueueLinks {
  /** The draw page by identifiers: `/{account}/{profile}/{queue}`. */
  public: string;
  /** The same draw page by id, short enough for a text message: `/q/{id}`. */
  short: string;
  /** The booking page of the list's appointment types: `/{account}/{profile}/{queue}/book`. */
  book: string;
  kiosk: string;
  sunmiKiosk: string;
  monitor: string;
  monitor2: string;
  monitor3: string;
  /** The embed page without flags; `embedSnippet` adds them (and `fragment`). */
  embed: string;
  /** `#k=<key tag>` for the pages that seal, or ''. */
  fragment: string;
}

/** The base without trailing slashes, so that paths can be appended with one `/`. */
export function normalizeBase(base: string): string {
  return base.replace(/\/+$/, '');
}

/** The public, kiosk, monitor and embed addresses of a queue (docs/product.md#screens-and-routes paths). */
export function queueLinks(parts: LinkParts): QueueLinks {
  const base = normalizeBase(parts.base);
  const byIdentifier = `${base}/${[parts.account, parts.profile, parts.queue].map(encodeURIComponent).join('/')}`;
  const id = encodeURIComponent(parts.queueId);
  // Only the pages that seal patient data carry the key's fingerprint; monitors show no names.
  const fragment = parts.keyTag ? `#k=${parts.keyTag}` : '';
  return {
    public: `${byIdentifier}${fragment}`,
    short: `${base}/q/${id}${fragment}`,
    book: `${byIdentifier}/book${fragment}`,
    kiosk: `${byIdentifier}/kiosk${fragment}`,
    sunmiKiosk: `${byIdentifier}/sunmi_kiosk${fragment}`,
    monitor: `${byIdentifier}/monitor`,
    monitor2: `${byIdentifier}/monitor2`,
    monitor3: `${byIdentifier}/monitor3`,
    embed: `${base}/embed/queue/iframe/${id}`,
    fragment,
  };
}

export type EmbedFlagChoice = Record<EmbedFlag, boolean>;

export const NO_EMBED_FLAGS: EmbedFlagChoice = Object.fromEntries(EMBED_FLAGS.map((flag) => [flag, false])) as EmbedFlagChoice;

/** The embed page with the chosen flags; the embed counts a flag only when it reads exactly `true`. */
export function embedUrl(embed: string, flags: EmbedFlagChoice, fragment = ''): string {
  const query = EMBED_FLAGS.filter((flag) => flags[flag])
    .map((flag) => `${flag}=true`)
    .join('&');
  return `${query ? `${embed}?${query}` : embed}${fragment}`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/** Text safe inside a double-quoted HTML attribute (a queue may be called `Dr. "Kinder" & Jugend`). */
function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The iframe a practice pastes into its website; 320 × 400 fits the embed's layout well. */
export function embedSnippet(embed: string, flags: EmbedFlagChoice, title: string, fragment = ''): string {
  return `<iframe src="${escapeAttribute(embedUrl(embed, flags, fragment))}" title="${escapeAttribute(title)}"\n` + `        width="320" height="400" style="border:0"></iframe>`;
}

/** A custom QR address must be a complete http(s) URL: a phone's camera opens nothing else. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
