import { describe, expect, it } from 'vitest';
import { isPublicIp } from './public-address.js';

describe('which IP addresses the server connects to for an outsider', () => {
  it.each([
    ['93.184.216.34', true],
    ['8.8.8.8', true],
    ['172.32.0.1', true], // just past 172.16.0.0/12
    ['100.128.0.1', true], // just past carrier-grade NAT
    ['0.0.0.0', false], // unspecified
    ['0.1.2.3', false], // "this network"
    ['10.1.2.3', false], // private
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.0.10', false],
    ['100.64.0.1', false], // carrier-grade NAT
    ['127.0.0.1', false], // loopback
    ['127.255.255.254', false],
    ['169.254.169.254', false], // link-local: cloud metadata
    ['192.0.0.8', false], // IETF protocol assignments
    ['198.18.0.1', false], // benchmarking
    ['224.0.0.1', false], // multicast
    ['239.255.255.250', false],
    ['240.0.0.1', false], // reserved
    ['255.255.255.255', false], // broadcast
    ['2606:2800:220:1:248:1893:25c8:1946', true],
    ['2001:4860:4860::8888', true],
    ['::', false], // unspecified
    ['::1', false], // loopback
    ['::7f00:1', false], // IPv4-compatible (deprecated)
    ['fc00::1', false], // unique-local
    ['fd12:3456::1', false],
    ['fe80::1', false], // link-local
    ['fe80::1%eth0', false], // with a zone
    ['febf::1', false],
    ['fec0::1', false], // site-local
    ['ff02::1', false], // multicast
    ['ff05::1:3', false],
    ['::ffff:127.0.0.1', false], // IPv4-mapped loopback
    ['::ffff:7f00:1', false], // the same, in hex
    ['::ffff:10.0.0.1', false],
    ['::ffff:a9fe:a9fe', false], // mapped 169.254.169.254
    ['::ffff:93.184.216.34', true], // mapped public
    ['64:ff9b::10.0.0.1', false], // NAT64 of a private address
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::5db8:d822', true], // NAT64 of 93.184.216.34
    ['2002:c0a8:1::1', false], // 6to4 of 192.168.0.1
    ['2002:5db8:d822::1', true], // 6to4 of 93.184.216.34
    ['localhost', false],
    ['push.example.com', false],
    ['', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicIp(address)).toBe(expected);
  });
});
