import { isIP, type LookupFunction } from 'node:net';
import { isPublicWebAddress } from '@wartefrei/shared';
import { isPublicIp, publicOnlyLookup, resolvePublicHost, type HostResolver } from '../../platform/public-address.js';

/*
 * Where webhooks may go (SSRF): an https URL on a public host — judged by every address the name
 * resolves to, not by how it looks — or one of the origins in WEBHOOK_ALLOWED_ORIGINS (tests,
 * receivers on the practice's own network), which may also be plain http. The rule is checked
 * when an endpoint is saved and again on every request, whose connection goes to exactly the
 * address that was checked (`publicOnlyLookup`), so DNS that changes meanwhile gains nothing.
 */

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** The URL's own form: https, no credentials, a public-looking host, a public IP if it is one. */
function shapeAllowed(url: URL): boolean {
  if (url.protocol !== 'https:' || url.username || url.password || !isPublicWebAddress(url.href)) return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return !isIP(host) || isPublicIp(host);
}

/** Whether an endpoint may be saved with this URL: listed, or https and resolving to public addresses only. */
export async function webhookUrlAllowed(url: string, allowedOrigins: readonly string[], resolveHost: HostResolver): Promise<boolean> {
  const parsed = parse(url);
  if (!parsed) return false;
  if (allowedOrigins.includes(parsed.origin)) return !parsed.username && !parsed.password;
  if (!shapeAllowed(parsed)) return false;
  try {
    await resolvePublicHost(parsed.hostname, resolveHost);
    return true;
  } catch {
    return false;
  }
}

/**
 * How to connect for one attempt: `undefined` when the URL is not allowed (any more); else the
 * lookup the socket must use — none for a listed origin, the checking one for every other.
 */
export function connectionFor(url: string, allowedOrigins: readonly string[], resolveHost: HostResolver): { url: URL; lookup: LookupFunction | undefined } | undefined {
  const parsed = parse(url);
  if (!parsed) return undefined;
  if (allowedOrigins.includes(parsed.origin)) return { url: parsed, lookup: undefined };
  if (!shapeAllowed(parsed)) return undefined;
  return { url: parsed, lookup: publicOnlyLookup(resolveHost) };
}
