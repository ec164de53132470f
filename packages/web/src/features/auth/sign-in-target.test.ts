import { describe, expect, it } from 'vitest';
import { safeNextPath } from './sign-in-target';

// Where a sign-in may lead (`?next=`): a path of this app, or the default (undefined).
describe('safeNextPath', () => {
  it.each([
    ['/backend/profile', '/backend/profile'],
    ['/backend/profile?tab=password', '/backend/profile?tab=password'],
    ['/backend/reporting?period=custom&from=2026-01-01&to=2026-01-31', '/backend/reporting?period=custom&from=2026-01-01&to=2026-01-31'],
    ['/backend/processor?q=Anna%20Alt', '/backend/processor?q=Anna%20Alt'], // an encoded space in a query leads nowhere else
    ['/backend/x#part', '/backend/x#part'],
    ['/%C3%BC', '/%C3%BC'],
  ])('%j is followed', (next, expected) => expect(safeNextPath(next)).toBe(expected));

  it.each([
    [null],
    [''],
    ['/\t/evil.com'], // ?next=/%09/evil.com, as URLSearchParams hands it over: the tab is dropped → //evil.com
    ['/%09/evil.com'], // the same, encoded twice over
    ['/\n/evil.com'],
    ['/\r/evil.com'],
    ['/ /evil.com'],
    ['/%20/evil.com'],
    ['/\u200b/evil.com'], // a zero-width space
    ['//evil.com'],
    ['/%2F/evil.com'],
    ['/%2Fevil.com'],
    ['/\\evil.com'],
    ['/%5Cevil.com'],
    ['\\\\evil.com'],
    ['/.//evil.com'], // the browser resolves it to the path //evil.com
    ['/..//evil.com'],
    ['https://evil.com'],
    ['http:/evil.com'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['evil.com'],
    ['backend/profile'],
    ['/%E0%A4%A'], // not decodable
    ['/backend?x=\ty'],
  ])('%j is refused', (next) => expect(safeNextPath(next)).toBeUndefined());
});
