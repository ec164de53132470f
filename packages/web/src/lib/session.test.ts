import { afterEach, describe, expect, it } from 'vitest';
import type { LoggedUser } from '@wartefrei/shared';
import { clearUser, getUser, readStoredUser, setUser } from './session';

const user: LoggedUser = {
  id: '00000000-0000-4000-8000-000000000001',
  token: 'token-1',
  token_valid_until: '2030-01-01T00:00:00.000Z',
  account_id: '00000000-0000-4000-8000-000000000002',
  display_name: 'Dr. Berta Beispiel',
  is_admin: true,
  lang: 'de',
  username: 'berta@praxis.example',
  tutorial_dismissed: true,
};

afterEach(() => clearUser());

describe('the stored user and "stay signed in" (docs/security.md#sessions)', () => {
  it('keeps no renewal key an older version stored in localStorage', () => {
    localStorage.setItem('user', JSON.stringify({ ...user, renewal_token: 'alter-schluessel' }));
    expect(readStoredUser()).toEqual(user);
  });

  it('an answer about the same sign-in keeps its cookie renewal; a new sign-in decides afresh', () => {
    setUser({ ...user, renewal_cookie: true });
    setUser({ ...user, display_name: 'Dr. Berta Neu' });
    expect(getUser()).toMatchObject({ display_name: 'Dr. Berta Neu', renewal_cookie: true });
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ renewal_cookie: true });
    setUser({ ...user, token: 'token-2' });
    expect(getUser()?.renewal_cookie).toBeUndefined();
  });
});
