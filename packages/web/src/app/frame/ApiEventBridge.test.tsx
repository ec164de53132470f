import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../../i18n';
import { apiRequest, type ApiRequestError } from '../../lib/api';
import { theme } from '../theme';
import { ApiEventBridge } from './ApiEventBridge';

// A real HTTP server answering like ours does on failure: status, JSON error body.
let server: http.Server;
let base: string;
beforeAll(async () => {
  await initI18n();
  server = http.createServer((req, res) => {
    const status = Number(req.url?.slice(1)) || 500;
    const body = status === 418 ? '' : JSON.stringify({ statusCode: status, code: 'UNIQUE', message: 'Ein gleiches Objekt existiert bereits' });
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
// Mantine keeps notifications in a module-level store that outlives each rendered tree.
afterEach(() => act(() => notifications.clean()));

function renderBridge() {
  const router = createMemoryRouter([{ path: '*', element: <ApiEventBridge /> }], { initialEntries: ['/backend/profile'] });
  render(
    <MantineProvider theme={theme}>
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

async function fail(path: string) {
  let error: unknown;
  await act(async () => {
    error = await apiRequest(`${base}${path}`).catch((e: unknown) => e);
  });
  return error as ApiRequestError;
}

describe('what a failed call shows', () => {
  it('a notification titled "Fehler" with the server message', async () => {
    renderBridge();
    const error = await fail('/409');
    expect(error.code).toBe('UNIQUE');
    expect(await screen.findByText('Fehler')).toBeTruthy();
    expect(screen.getByText('Ein gleiches Objekt existiert bereits')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeTruthy();
  });

  it('the status text when the server sent no message', async () => {
    renderBridge();
    await fail('/418');
    expect(await screen.findByText('Fehler')).toBeTruthy();
    expect(screen.getByText("I'm a Teapot")).toBeTruthy();
  });

  it('the session dialog for 440, which leads to the login with the target remembered', async () => {
    const router = renderBridge();
    await fail('/440');
    const dialog = await screen.findByRole('dialog', { name: 'Sitzung abgelaufen' });
    expect(dialog.textContent).toContain('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an');
    expect(screen.queryByText('Fehler')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Zum Login' }).click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fbackend%2Fprofile');
  });

  it('nothing for a network error: the page shows its own offline state', async () => {
    renderBridge();
    let error: ApiRequestError | undefined;
    await act(async () => {
      error = await apiRequest<never>('http://127.0.0.1:9/unreachable').catch((e: unknown) => e as ApiRequestError);
    });
    expect(error?.network).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('Fehler')).toBeNull();
  });
});
