import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportEarlier } from '@wartefrei/shared';
import { theme } from '../../app/theme';
import { initI18n } from '../../i18n';
import { EarlierFigures } from './EarlierFigures';

beforeAll(async () => {
  await initI18n();
});

const EMPTY: ReportEarlier = {
  from: '2026-10-20',
  to: '2026-10-20',
  freed: 0,
  offered: 0,
  refilled: 0,
  refill_lead_p50_hours: null,
  offer_messages: 0,
  confirmations_asked: 0,
  confirmations_confirmed: 0,
  confirmation_rate: null,
  no_shows_by_type: [],
  no_shows_by_queue: [],
};

const show = (report: ReportEarlier) =>
  render(
    <MantineProvider theme={theme}>
      <EarlierFigures report={report} />
    </MantineProvider>,
  );

describe('the figures of earlier appointments on the reports screen', () => {
  it('says so when the period has nothing to show', () => {
    show(EMPTY);
    expect(screen.getByText('In diesem Zeitraum wurde kein Termin frei, niemand um Bestätigung gebeten und kein Termin versäumt.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows freed, offered, re-filled, the lead in hours, messages and the confirmation rate', () => {
    show({
      ...EMPTY,
      freed: 4,
      offered: 3,
      refilled: 2,
      refill_lead_p50_hours: 20.5,
      offer_messages: 6,
      confirmations_asked: 3,
      confirmations_confirmed: 2,
      confirmation_rate: 0.667,
    });
    expect(screen.getByTestId('earlier-freed').textContent).toBe('4');
    expect(screen.getByTestId('earlier-offered').textContent).toBe('3');
    expect(screen.getByTestId('earlier-refilled').textContent).toBe('2');
    expect(screen.getByTestId('earlier-refillLead').textContent).toBe('20,5 Std.');
    expect(screen.getByTestId('earlier-offerMessages').textContent).toBe('6');
    expect(screen.getByTestId('earlier-confirmationRate').textContent).toMatch(/^67\s%$/);
    expect(screen.getByText('2 von 3 gefragt')).toBeTruthy();
    expect(screen.getByText('Keine Termine in diesem Zeitraum.')).toBeTruthy();
  });

  it('lists no-shows per type and per list in tables with captions and row headers', () => {
    show({
      ...EMPTY,
      no_shows_by_type: [{ id: 't', name: 'Gespräch', appointments: 4, no_shows: 1 }],
      no_shows_by_queue: [{ id: 'q', name: 'Hausarzt', appointments: 4, no_shows: 1 }],
    });
    const byType = screen.getByRole('table', { name: 'Nicht erschienen nach Terminart' });
    const row = within(byType).getByRole('row', { name: /Gespräch/ });
    expect(within(row).getByRole('rowheader').textContent).toBe('Gespräch');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['4', '1', '25 %']);
    expect(screen.getByRole('table', { name: 'Nicht erschienen nach Liste' })).toBeTruthy();
  });
});
