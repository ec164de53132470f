import { describe, expect, it } from 'vitest';
import { pushEndpointAllowed } from './push.js';
import type { HostResolver } from './public-address.js';

// The rules on the address's form, with every name resolving to a public address; what a name
// resolves to is the integration test's (alerts.push-address.test.ts).
const resolvesPublic: HostResolver = () => Promise.resolve([{ address: '93.184.216.34', family: 4 }]);

describe('which push endpoints the server posts to', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', true],
    ['https://web.push.apple.com/QH3Z', true],
    ['https://wns2-par02p.notify.windows.com/w/?token=x', true],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://localhost/x', false],
    ['https://printer.local/x', false],
    ['https://10.1.2.3/x', false],
    ['https://192.168.0.10/x', false],
    ['https://172.20.0.1/x', false],
    ['https://127.0.0.1/x', false],
    ['https://169.254.169.254/latest/meta-data', false],
    ['https://[::1]/x', false],
    ['https://[fd00::1]/x', false],
    ['https://intranet/x', false],
    ['https://user:secret@push.example.com/x', false],
    ['https://93.184.216.34/x', true],
    ['https://224.0.0.1/x', false], // multicast: public-looking to the shared rule
    ['https://100.64.1.1/x', false],
    ['https://[ff02::1]/x', false],
    ['https://[::ffff:7f00:1]/x', false],
    ['https://[2606:2800:220:1:248:1893:25c8:1946]/x', true],
    ['not a url', false],
  ])('%s → %s', async (endpoint, allowed) => {
    expect(await pushEndpointAllowed(endpoint, [], resolvesPublic)).toBe(allowed);
  });

  it.each([
    ['127.0.0.1', false],
    ['10.0.0.7', false],
    ['::1', false],
    ['::ffff:192.168.1.1', false],
  ])('refuses a name when any of its addresses is not public (%s)', async (inside) => {
    const resolve: HostResolver = () =>
      Promise.resolve([
        { address: '93.184.216.34', family: 4 },
        { address: inside, family: inside.includes(':') ? 6 : 4 },
      ]);
    expect(await pushEndpointAllowed('https://push.example.com/x', [], resolve)).toBe(false);
  });

  it('refuses a name that does not resolve', async () => {
    const resolve: HostResolver = () => Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    expect(await pushEndpointAllowed('https://push.example.com/x', [], resolve)).toBe(false);
  });

  it('allows the configured extra origins, also on plain http (a test service on this machine)', async () => {
    expect(await pushEndpointAllowed('http://localhost:8090/notify/abc', ['http://localhost:8090'])).toBe(true);
    expect(await pushEndpointAllowed('http://localhost:8091/notify/abc', ['http://localhost:8090'])).toBe(false);
  });
});
