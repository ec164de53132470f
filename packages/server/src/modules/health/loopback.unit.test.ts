import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './loopback.js';

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.3.4', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true], // a dual-stack socket's IPv4 peer
    ['::FFFF:127.1.2.3', true],
    ['128.0.0.1', false],
    ['10.0.0.1', false],
    ['192.168.1.20', false],
    ['::ffff:10.0.0.1', false],
    ['::2', false],
    ['fe80::1', false],
    ['::127.0.0.1', false], // IPv4-compatible, a different (deprecated) range: not this machine
    ['localhost', false], // a name, not an address
    ['unknown', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => expect(isLoopbackAddress(address)).toBe(expected));
});
