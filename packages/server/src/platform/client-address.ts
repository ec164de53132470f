import net from 'node:net';

/**
 * The eight 16-bit groups of an IPv6 address (already checked by `net.isIP`), a trailing
 * dotted IPv4 part (`::ffff:192.0.2.1`) read as the last two groups.
 */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = rest === undefined ? [] : parse(rest);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key a client address is counted by in every per-address limit. IPv4 as it is; an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket reports IPv4 clients)
 * as that IPv4 address; any other IPv6 address as its /64 (`2001:db8:1:2::/64`): a provider
 * hands each line a /64 or more, so one client holds 2^64 addresses and would otherwise rotate
 * through them to reset every limit. A value that is no address at all is its own key.
 */
export function clientKeyOf(address: string): string {
  const kind = net.isIP(address);
  if (kind === 4) return address;
  if (kind !== 6) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
