import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UpcomingAppointmentsError } from '@wartefrei/shared';
import { theme } from '../../app/theme';
import { initI18n } from '../../i18n';
import { UpcomingChoice, type HandoverChoice, type HandoverTargets } from './UpcomingChoice';

// The second step of a delete the server refused while appointments are booked: what it names and offers.
beforeAll(async () => {
  await initI18n();
});

const upcoming: UpcomingAppointmentsError = {
  statusCode: 409,
  code: 'QUEUE_HAS_APPOINTMENTS',
  message: '',
  count: 7,
  first: ['2026-12-08T08:00:00.000Z', '2026-12-09T08:00:00.000Z', '2026-12-10T08:00:00.000Z', '2026-12-11T08:00:00.000Z', '2026-12-14T08:00:00.000Z'],
};
const show = (targets: HandoverTargets | undefined, choice: HandoverChoice = { appointments: 'cancel' }) =>
  render(
    <MantineProvider theme={theme}>
      <UpcomingChoice upcoming={upcoming} targets={targets} choice={choice} onChange={() => undefined} />
    </MantineProvider>,
  );

describe('UpcomingChoice', () => {
  it('names the count and the first dates in the location’s zone, and how many more', () => {
    show({ param: 'move', timeZone: 'Europe/Vienna', options: [{ value: 'q2', label: 'Vertretung' }] });
    expect(screen.getByRole('status').textContent).toBe('Es sind noch 7 Termine gebucht.');
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toBe('Dienstag, 8. Dezember 2026 um 09:00');
    expect(items.at(-1)).toBe('und 2 weitere');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Absagen/ }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /verschieben/ }).disabled).toBe(false);
  });

  it('offers the target only once moving is chosen', () => {
    show({ param: 'reassign', options: [{ value: 'ben', label: 'Ben Arzt' }] }, { appointments: 'reassign', to: null });
    expect(screen.getByRole('textbox', { name: 'Übernehmende Person' })).toBeTruthy();
  });

  it('without a target (a location, or nobody left) offers only cancelling and says why', () => {
    show({ param: 'move', options: [] });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /verschieben/ }).disabled).toBe(true);
    expect(screen.getByText('Dieser Standort hat keine andere Warteliste', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
