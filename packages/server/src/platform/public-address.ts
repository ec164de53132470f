import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * Where a request the server makes for someone outside (a push address a browser handed in)
 * may go: only to public addresses. A host name is judged by what it resolves to, not by how it
 * looks — a public-looking name may point at 127.0.0.1 or the practice's printer — and the
 * connection goes to the very address that was judged (`publicOnlyLookup`), so a DNS answer
 * that changes between the check and the request (rebinding) gains nothing.
 */

const refused = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT: a provider's private network
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, where clouds answer metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking, used inside networks
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  refused.addSubnet(network, bits, 'ipv4');
}
for (const [network, bits] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, bits, 'ipv6');
}
// Node's BlockList judges an IPv4-mapped address (::ffff:127.0.0.1) by the IPv4 rules itself.

const nat64 = new BlockList();
nat64.addSubnet('64:ff9b::', 96, 'ipv6');
const sixToFour = new BlockList();
sixToFour.addSubnet('2002::', 16, 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return groups.map((group) => parseInt(group, 16));
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * Whether an IP address is one the server may connect to for an outsider: not private,
 * loopback, link-local, unique-local, multicast, unspecified or reserved — nor such an IPv4
 * address carried inside IPv6 (mapped, NAT64, 6to4). Anything that is no IP address is not.
 */
export function isPublicIp(text: string): boolean {
  const address = text.split('%')[0]!; // a zone (fe80::1%eth0) names an interface, not a host
  const version = isIP(address);
  if (version === 4) return !refused.check(address, 'ipv4');
  if (version !== 6) return false;
  if (refused.check(address, 'ipv6')) return false;
  // DNS64 on an IPv6-only host answers every IPv4-only service so: judge the IPv4 inside.
  const groups = ipv6Groups(address);
  if (nat64.check(address, 'ipv6')) return isPublicIp(ipv4Of(groups[6]!, groups[7]!));
  if (sixToFour.check(address, 'ipv6')) return isPublicIp(ipv4Of(groups[1]!, groups[2]!));
  return true;
}

/** How host names become addresses: the system's resolver (`/etc/hosts`, DNS); tests map a name here. */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** A host that is, or resolves to, an address the server must not connect to for an outsider. */
export class AddressNotPublic extends Error {
  readonly code = 'EADDRNOTPUBLIC';
}

/**
 * Every address of a host (a name or an IP literal, brackets allowed) — only when all of them
 * are public: one private answer among public ones is how a name aims at the inside.
 */
export async function resolvePublicHost(hostname: string, resolve: HostResolver): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const version = isIP(host);
  const addresses = version ? [{ address: host, family: version }] : await resolve(host);
  if (addresses.length === 0 || addresses.some((answer) => !isPublicIp(answer.address))) {
    throw new AddressNotPublic(`${host} is not a public address`);
  }
  return addresses;
}

/**
 * A `lookup` for sockets (an HTTP agent's): resolves, refuses unless every answer is public,
 * and hands the socket exactly those answers — the check and the connection use one resolution.
 */
export function publicOnlyLookup(resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicHost(hostname, resolve).then(
      (addresses) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const fitting = family ? addresses.filter((answer) => answer.family === family) : addresses;
        if (options.all) return callback(null, fitting);
        const first = fitting[0];
        if (!first) return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '');
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
