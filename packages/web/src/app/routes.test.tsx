import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { LoggedUser } from '@wartefrei/shared';
import { initI18n } from '../i18n';
import { clearUser, setUser } from '../lib/session';
import { currentHandle } from './route-handle';
import { routes } from './routes';

const validUntil = () => new Date(Date.now() + 3600_000).toISOString();
const admin: LoggedUser = {
  id: '11111111-1111-4111-8111-111111111111',
  token: 'token',
  token_valid_until: validUntil(),
  account_id: '22222222-2222-4222-8222-222222222222',
  display_name: 'Dr. Dora Demo',
  is_admin: true,
  lang: 'de',
  username: 'admin@praxis-demo.example',
  tutorial_dismissed: true,
};
const processor: LoggedUser = { ...admin, id: '33333333-3333-4333-8333-333333333333', is_admin: false, display_name: 'Paula Assistenz' };

beforeAll(async () => {
  await initI18n();
});

/** Opens a path like a browser would and waits until its screen is on the page. */
async function open(path: string, user: LoggedUser | null = null) {
  if (user) setUser({ ...user, token_valid_until: validUntil() });
  else clearUser();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  // Every screen has its one h1; a blank or crashed page has none.
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  const matches = router.state.matches.map((m) => ({ handle: m.route.handle as unknown }));
  return { router, screen: currentHandle(matches)?.screen, pathname: router.state.location.pathname };
}

describe('every path of docs/product.md#screens-and-routes resolves to its screen', () => {
  it.each([
    ['/', 'landing'],
    ['/pricing', 'pricing'],
    ['/demo', 'demo'],
    ['/faq', 'faq'],
    ['/login', 'login'],
    ['/passwordReset', 'login'],
    ['/login_microsoft_interaction', 'login'],
    ['/login_microsoft_silent', 'login'],
    ['/login_microsoft_callback', 'login'],
    ['/signup', 'signup'],
    ['/register', 'signup'],
    ['/passwordReset/some-token', 'passwordReset'],
    ['/verify?token=abc', 'verify'],
    ['/404', 'notFound'],
    ['/queue/q-1/ticket/m-1', 'ticket'],
    ['/queue/q-1/ticket', 'ticket'],
    ['/queue/q-1', 'ticket'],
    ['/q/q-1', 'ticket'],
    ['/ticket/m-1', 'ticket'],
    ['/t/m-1', 'ticket'],
    ['/appointment/a-1', 'ticket'],
    ['/a/a-1', 'ticket'],
    ['/offer/o-1', 'ticket'],
    ['/praxis-demo', 'ticket'],
    ['/praxis-demo/wien', 'ticket'],
    ['/praxis-demo/wien/allgemein', 'ticket'],
    ['/monitor/mon-1', 'monitor'],
    ['/m/mon-1', 'monitor'],
    ['/praxis-demo/monitor', 'monitor'],
    ['/praxis-demo/monitor/wartezimmer', 'monitor'],
    ['/praxis-demo/wien/monitor', 'monitor'],
    ['/praxis-demo/wien/allgemein/monitor', 'monitor'],
    ['/praxis-demo/monitor2', 'monitor'],
    ['/praxis-demo/wien/allgemein/monitor2', 'monitor'],
    ['/praxis-demo/wien/allgemein/monitor3', 'monitor'],
    ['/praxis-demo/kiosk', 'kiosk'],
    ['/praxis-demo/wien/kiosk', 'kiosk'],
    ['/praxis-demo/wien/allgemein/kiosk', 'kiosk'],
    ['/praxis-demo/wien/allgemein/sunmi_kiosk', 'kiosk'],
    ['/embed/queue/iframe/q-1', 'embed'],
  ])('%s → %s', async (path, expected) => {
    const result = await open(path);
    expect(result.screen).toBe(expected);
  });

  it.each([
    ['/backend', 'dashboard', '/backend/dashboard'],
    ['/backend/dashboard', 'dashboard', '/backend/dashboard'],
    ['/backend/appointments', 'appointments', '/backend/appointments'],
    ['/backend/appointments/ap-1', 'appointments', '/backend/appointments/ap-1'],
    ['/backend/processor', 'processor', '/backend/processor'],
    ['/backend/processor/q-1', 'processor', '/backend/processor/q-1'],
    ['/backend/management', 'management', '/backend/management'],
    // A list's sections (list ids are UUIDs; the page reads the list before showing it).
    ['/backend/management/44444444-4444-4444-8444-444444444444', 'management', '/backend/management/44444444-4444-4444-8444-444444444444'],
    ['/backend/management/44444444-4444-4444-8444-444444444444/schedule', 'management', '/backend/management/44444444-4444-4444-8444-444444444444/schedule'],
    ['/backend/management/44444444-4444-4444-8444-444444444444/view-configuration', 'management', '/backend/management/44444444-4444-4444-8444-444444444444/view-configuration'],
    ['/backend/management/billing', 'management', '/backend/management/billing'],
    ['/backend/profile', 'profile', '/backend/profile'],
    ['/backend/encryption', 'encryption', '/backend/encryption'],
    ['/backend/onboarding', 'onboarding', '/backend/onboarding'],
  ])('signed in: %s → %s', async (path, expected, pathname) => {
    const result = await open(path, admin);
    expect(result.screen).toBe(expected);
    expect(result.pathname).toBe(pathname);
  });

  it.each([['/gibt/es/nicht/hier'], ['/backend/unbekannt'], ['/pricing/extra'], ['/queue/a/b'], ['/login/x']])('unknown %s → /404', async (path) => {
    const result = await open(path);
    expect(result.pathname).toBe('/404');
    expect(result.screen).toBe('notFound');
  });

  it.each([['/backend/management/q-1/schedule'], ['/backend/management/44444444-4444-4444-8444-444444444444/unbekannt']])(
    'signed in: a list section that cannot exist, %s → /404',
    async (path) => {
      const result = await open(path, admin);
      expect(result.pathname).toBe('/404');
      expect(result.screen).toBe('notFound');
    },
  );

  it('sends a signed-out visitor of the backend to the login, asking to sign in first and remembering the target', async () => {
    const result = await open('/backend/profile?tab=password');
    expect(result.screen).toBe('login');
    expect(result.router.state.location.search).toBe(`?required=1&next=${encodeURIComponent('/backend/profile?tab=password')}`);
    expect(await screen.findByText('Bitte melden Sie sich zuerst an.')).toBeTruthy();
  });

  it('sends one whose session ran out in this tab to the login without that notice (the session dialog explained it)', async () => {
    setUser({ ...admin, token_valid_until: new Date(Date.now() - 60_000).toISOString() });
    const router = createMemoryRouter(routes, { initialEntries: ['/backend/profile'] });
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/backend/profile')}`);
  });

  it('shows a processor the permission message on admin routes', async () => {
    const result = await open('/backend/management', processor);
    expect(result.screen).toBe('management');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Sie haben keine Berechtigungen, um auf diese Seite zuzugreifen');
  });

  it('titles the document with the product and the translated route name', async () => {
    await open('/pricing');
    await waitFor(() => expect(document.title).toBe('wartefrei – Preise'));
  });
});
