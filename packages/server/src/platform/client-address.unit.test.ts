import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './client-address.js';

describe('the key a client address is limited by', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['10.0.0.1', '10.0.0.1'],
    // How a dual-stack socket reports an IPv4 client: the same key as the plain address.
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::FFFF:192.0.2.7', '192.0.2.7'],
    ['::ffff:c000:207', '192.0.2.7'],
    ['0:0:0:0:0:ffff:192.0.2.7', '192.0.2.7'],
    // Every address of one /64 is one client.
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:abcd:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::abcd', '2001:db8:1:2::/64'],
    // …and the next /64 is another.
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    // Not IPv4-mapped (the ffff is elsewhere): an IPv6 /64 like any other.
    ['::ffff:0:192.0.2.7', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.7', '64:ff9b:0:0::/64'],
    // No address (a proxy that wrote something else): the value itself.
    ['unknown', 'unknown'],
    ['', ''],
  ])('%s → %s', (address, key) => {
    expect(clientKeyOf(address)).toBe(key);
  });
});
