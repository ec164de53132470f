import { describe, expect, it } from 'vitest';
import { pushEndpointAllowed } from './push.js';

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
    ['not a url', false],
  ])('%s → %s', (endpoint, allowed) => {
    expect(pushEndpointAllowed(endpoint, [])).toBe(allowed);
  });

  it('allows the configured extra origins, also on plain http (a test service on this machine)', () => {
    expect(pushEndpointAllowed('http://localhost:8090/notify/abc', ['http://localhost:8090'])).toBe(true);
    expect(pushEndpointAllowed('http://localhost:8091/notify/abc', ['http://localhost:8090'])).toBe(false);
  });
});
