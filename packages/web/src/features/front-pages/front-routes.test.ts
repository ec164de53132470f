import { afterEach, describe, expect, it } from 'vitest';
import { clearUser, setUser } from '../../lib/session';
import { matchFrontPage, storedSignInIsValid } from './front-routes';

describe('matchFrontPage', () => {
  it.each([
    ['/', false, 'landing'],
    ['/login', false, 'login'],
    ['/login/', false, 'login'],
    ['/', true, undefined], // signed in: the staff app with its user menu
    ['/login', true, undefined],
    ['/loginx', false, undefined],
    ['/passwordReset', false, undefined], // stays in the staff app
    ['/login_microsoft_callback', false, undefined],
    ['/pricing', false, undefined],
    ['/constructor', false, undefined], // no prototype key is a page
    ['/praxis-demo', false, undefined],
  ] as const)('%s (signed in: %s) → %s', (pathname, signedIn, page) => {
    expect(matchFrontPage(pathname, signedIn)).toBe(page);
  });
});

describe('storedSignInIsValid', () => {
  afterEach(() => clearUser());
  const user = (validUntil: string) => ({
    id: '11111111-1111-4111-8111-111111111111',
    token: 'token',
    token_valid_until: validUntil,
    account_id: '22222222-2222-4222-8222-222222222222',
    display_name: 'Dr. Dora Demo',
    is_admin: true,
    lang: 'de' as const,
    username: 'admin@praxis-demo.example',
    tutorial_dismissed: true,
  });

  it('reads what a sign-in stored: valid until later → signed in, expired → not', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(storedSignInIsValid(now)).toBe(false);
    setUser(user('2026-03-01T11:00:00Z'));
    expect(storedSignInIsValid(now)).toBe(true);
    setUser(user('2026-03-01T09:00:00Z'));
    expect(storedSignInIsValid(now)).toBe(false);
  });

  it('takes an unreadable entry for nobody', () => {
    localStorage.setItem('user', '{broken');
    expect(storedSignInIsValid()).toBe(false);
  });
});
