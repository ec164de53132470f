import net from 'node:net';

/**
 * Which proxies the server believes about the client's address (`TRUST_PROXY`): none, the
 * nearest `hops` (whatever their address), or those at these addresses/CIDRs.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** More than this many proxies in a row is no deployment we know: a typo, or "trust all" by another name. */
export const MAX_PROXY_HOPS = 10;

const WHAT_TO_WRITE = 'write the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,fd00::/8)';

/** Why an entry of the address list is refused, or undefined when it is an address or a CIDR. */
function addressProblem(entry: string): string | undefined {
  const [address = '', prefix, ...extra] = entry.split('/');
  const kind = net.isIP(address);
  if (kind === 0 || extra.length > 0 || address.includes('%')) return `"${entry}" is neither a hop count nor an address or CIDR`;
  if (prefix === undefined) return undefined;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(bits <= (kind === 4 ? 32 : 128))) return `"${entry}" has no valid prefix length`;
  if (bits === 0) return `"${entry}" covers every address, so any client could choose its own address with X-Forwarded-For`;
  return undefined;
}

/**
 * Reads `TRUST_PROXY`: unset, `false`, `no` or `0` trust no proxy; a whole number ≥ 1 is the
 * count of proxies in front of the server; else a comma-separated list of addresses and CIDRs.
 * `true` (and its kin) is refused: believing every hop lets any client write its own address
 * into `X-Forwarded-For`, and with it reset every per-address limit and forge the audit log's.
 */
export function parseTrustProxy(raw: string | undefined): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const text = (raw ?? '').trim();
  if (['', 'false', 'no', '0'].includes(text.toLowerCase())) return { ok: true, value: false };
  if (['true', 'yes', 'on', 'all', '*'].includes(text.toLowerCase())) {
    return { ok: false, message: `"${text}" would trust every address, so any client could choose its own address with X-Forwarded-For; ${WHAT_TO_WRITE}` };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops === 0) return { ok: true, value: false };
    if (hops > MAX_PROXY_HOPS) return { ok: false, message: `${hops} proxies in a row is more than ${MAX_PROXY_HOPS}; ${WHAT_TO_WRITE}` };
    return { ok: true, value: { hops } };
  }
  const addresses = text.split(',').map((entry) => entry.trim());
  for (const entry of addresses) {
    const problem = addressProblem(entry);
    if (problem) return { ok: false, message: `${problem}; ${WHAT_TO_WRITE}` };
  }
  return { ok: true, value: { addresses } };
}

/**
 * Fastify's `trustProxy` for the setting. A hop count is a function of ours: Fastify (5.12.8 on)
 * treats a number as "trust nothing", since a hop count cannot tell the proxy from a client
 * that reaches the port directly — which is why the README asks for it only where nothing but
 * the proxies can reach the server. Hop 0 is the socket's peer, so `hops` proxies make the
 * address the farthest of them saw `req.ip`.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return trust.addresses;
}
