import type { AppContext } from '../../platform/context.js';

export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);

/**
 * The WebAuthn relying party follows the server's public URL (PUBLIC_URL): its host is the RP id
 * and its origin the one expected in every answer, so a passkey made here works nowhere else.
 * Browsers refuse an IP address as RP id; a loopback address (development, the end-to-end
 * tests) therefore means `localhost`, reached on the same port.
 */
export function relyingParty(ctx: AppContext): RelyingParty {
  const url = new URL(ctx.config.publicUrl);
  if (LOOPBACK_IPS.has(url.hostname)) {
    const local = new URL(url.href);
    local.hostname = 'localhost';
    return { id: 'localhost', name: 'wartefrei', origins: [local.origin] };
  }
  return { id: url.hostname, name: 'wartefrei', origins: [url.origin] };
}
