import net from 'node:net';
import type { FastifyRequest } from 'fastify';

/** This machine's own addresses: 127.0.0.0/8 and ::1 (BlockList also matches them written as ::ffff:127.x). */
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether `address` is a loopback address; anything that is no IP address (`unknown`, a host name) is not. */
export function isLoopbackAddress(address: string | undefined): boolean {
  const kind = net.isIP(address ?? '');
  return kind !== 0 && LOOPBACK.check(address!, kind === 6 ? 'ipv6' : 'ipv4');
}

/** An address as proxies write it: `1.2.3.4`, `"[2001:db8::1]:4711"`, `1.2.3.4:80`. */
function bareAddress(value: string): string {
  const text = value.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) return bracketed[1]!;
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(text);
  return withPort ? withPort[1]! : text;
}

/** Every client address the forwarding headers name: X-Forwarded-For, Forwarded's `for=`, X-Real-IP. */
function forwardedAddresses(req: FastifyRequest): string[] {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(',') : (value ?? '');
  };
  const forwardedFor = header('x-forwarded-for').split(',');
  const forwarded = [...header('forwarded').matchAll(/for=("[^"]*"|[^;,\s]*)/gi)].map((match) => match[1]!);
  return [...forwardedFor, ...forwarded, header('x-real-ip')].filter((value) => value.trim() !== '').map(bareAddress);
}

/**
 * Whether a request comes from this machine itself, and was not forwarded from elsewhere by a
 * proxy on it. The socket's peer decides first: `req.ip` alone would not do, since with
 * `TRUST_PROXY` it is read from `X-Forwarded-For`, which a client writes itself. Then every
 * address a forwarding header names must be loopback as well: a proxy on this machine connects
 * from 127.0.0.1 but names the client it forwards. The headers can only refuse, never admit, so
 * whatever a client puts in them gains it nothing, whether `TRUST_PROXY` is set or not.
 */
export function isFromLoopback(req: FastifyRequest): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && forwardedAddresses(req).every(isLoopbackAddress);
}
