import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SystemInformation } from '@wartefrei/shared';
import { theme } from '../../app/theme';
import { initI18n } from '../../i18n';
import { queryKeys } from '../../lib/query-keys';
import { FaqPage } from './FaqPage';

beforeAll(async () => {
  await initI18n();
});

/** The FAQ as this server's answer to `/system-information` shapes it (already in the cache). */
function show(offers: { demo: boolean; payment: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const info: SystemInformation = {
    versionHash: 'x',
    microsoft_login_enabled: false,
    public_url: 'http://localhost',
    sms_enabled: false,
    demo_available: offers.demo,
    payment_configured: offers.payment,
  };
  client.setQueryData(queryKeys.systemInformation, info);
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme}>
        <MemoryRouter>
          <FaqPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

// A self-hosted server sells nothing and may have no demo: its FAQ promises neither (issue 40 §9, §10).
describe('the FAQ', () => {
  it('explains the trial and links demo and prices where the server has them', () => {
    show({ demo: true, payment: true });
    expect(screen.getByRole('button', { name: 'Wie funktioniert die Testphase?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Demo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu den Preisen' })).toBeTruthy();
  });

  it('on a self-hosted server without a demo: no trial, no prices, no demo', () => {
    show({ demo: false, payment: false });
    expect(screen.getByRole('button', { name: 'Welche Geräte brauche ich für Kiosk und Aufrufmonitor?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Wie funktioniert die Testphase?' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Was passiert nach der Testphase?' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Zur Demo' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Zu den Preisen' })).toBeNull();
  });

  it('with a demo but no billing: the demo, without prices', () => {
    show({ demo: true, payment: false });
    expect(screen.getByRole('link', { name: 'Zur Demo' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Zu den Preisen' })).toBeNull();
    expect(screen.getByText('Sehen Sie sich die Demo-Praxis an.')).toBeTruthy();
  });
});
