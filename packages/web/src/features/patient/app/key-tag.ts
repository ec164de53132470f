import { isKeyTag } from '@wartefrei/shared';
import { matchPatientRoute } from './patient-routes';

/*
 * The practice key's fingerprint a patient page was opened with (docs/security.md#encryption):
 * a printed QR code, poster or embed snippet carries `#k=<key tag>`, computed in a staff
 * browser from the key it trusts. The draw, booking and kiosk pages seal only for a served key
 * with that tag (crypto sealBody `expectedTag`). The tag is remembered in this tab's
 * sessionStorage per practice (its identifier, or the list id of a `/q/…` link), so in-app
 * navigation, which drops the fragment, keeps it. A link without `k` (older QR codes) seals
 * for the served key as before.
 */

const PREFIX = 'wartefrei.k.';

/** The practice (or list) a path belongs to, as far as the path tells. */
function scopeOf(pathname: string): string | undefined {
  const route = matchPatientRoute(pathname);
  if (route?.account) return `account:${route.account.toLowerCase()}`;
  if (route?.queueId) return `queue:${route.queueId}`;
  return undefined;
}

/** Keeps the `k` of the address's fragment for its practice; call at load and on every change of the fragment. */
export function rememberKeyTag(location: Pick<Location, 'pathname' | 'hash'>): void {
  const k = new URLSearchParams(location.hash.replace(/^#/, '')).get('k');
  const scope = scopeOf(location.pathname);
  if (!scope || !isKeyTag(k)) return;
  try {
    sessionStorage.setItem(PREFIX + scope, k);
  } catch {
    // Storage blocked: the tag still counts while the fragment is in the address.
  }
}

/** The tag the page at `location` must find on the served key, if it was opened with one. */
export function expectedKeyTag(location: Pick<Location, 'pathname' | 'hash'> = window.location): string | undefined {
  const k = new URLSearchParams(location.hash.replace(/^#/, '')).get('k');
  if (isKeyTag(k)) return k;
  const scope = scopeOf(location.pathname);
  try {
    return (scope && sessionStorage.getItem(PREFIX + scope)) || undefined;
  } catch {
    return undefined;
  }
}
