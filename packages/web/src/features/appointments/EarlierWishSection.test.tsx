import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentType } from '@wartefrei/shared';
import { theme } from '../../app/theme';
import { initI18n } from '../../i18n';
import { EarlierWishSection } from './EarlierWishSection';

// The wish for an earlier time in the appointment dialog, as staff read and enter it.
beforeAll(async () => {
  await initI18n();
});

const ahead = '2099-03-30T10:00:00+02:00';
const appointment = (fields: Partial<Appointment> = {}) =>
  ({ id: '00000000-0000-4000-8000-00000000000a', status: 'BOOKED', view: 'booked', start: ahead, earlier_wish: null, ...fields }) as Appointment;
const type = (offerCount: number) => ({ offer_count: offerCount }) as AppointmentType;

function renderSection(a: Appointment, t: AppointmentType) {
  render(
    <MantineProvider theme={theme}>
      <EarlierWishSection appointment={a} type={t} timeZone="Europe/Vienna" onDone={() => Promise.resolve()} />
    </MantineProvider>,
  );
}

describe('EarlierWishSection', () => {
  it('says why no wish can be set when the type offers no freed times', () => {
    renderSection(appointment(), type(0));
    expect(screen.getByText(/bietet keine frei gewordenen Termine an/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the wish in words with change and withdraw', () => {
    renderSection(appointment({ earlier_wish: { since: '2099-03-01T09:00:00.000Z', not_before: null, times: [{ weekday: 1, part: 'MORNING' }] } }), type(3));
    expect(screen.getByText('Möchte früher kommen – seit 01.03.2099, Mo Vormittag')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wunsch zurückziehen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Wunsch ändern' }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Montag Vormittag' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Sonntag Nachmittag' }).checked).toBe(false);
    expect(screen.getAllByRole('checkbox')).toHaveLength(14);
  });

  it('offers to enter a wish for a booked appointment ahead', () => {
    renderSection(appointment(), type(3));
    expect(screen.getByText('Kein Wunsch nach einem früheren Termin.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Für den Patienten eintragen' }));
    expect(screen.getByLabelText(/Nicht vor/)).toBeTruthy();
  });

  it('explains why an appointment that is over cannot ask for earlier', () => {
    renderSection(appointment({ start: '2000-01-01T10:00:00+01:00' }), type(3));
    expect(screen.getByText(/Nur einem gebuchten Termin, der noch bevorsteht/)).toBeTruthy();
  });
});
