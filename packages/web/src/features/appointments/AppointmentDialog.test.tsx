import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentType } from '@wartefrei/shared';
import { theme } from '../../app/theme';
import { initI18n } from '../../i18n';
import { AppointmentDialog } from './AppointmentDialog';

// The appointment dialog's confirmation: asked or confirmed, the phone to call when unconfirmed, and a no-show taken back.
beforeAll(async () => {
  await initI18n();
});

const type = { id: '00000000-0000-4000-8000-000000000002', name: 'Arztgespräch', queue_id: '00000000-0000-4000-8000-000000000003', offer_count: 3 } as AppointmentType;
function appointment(fields: Partial<Appointment>): Appointment {
  return {
    id: '00000000-0000-4000-8000-00000000000a',
    appointment_type_id: type.id,
    processor_id: null,
    series_id: null,
    start: '2099-03-30T08:00:00+02:00',
    end: '2099-03-30T08:30:00+02:00',
    status: 'BOOKED',
    cancel_state: null,
    view: 'booked',
    last_name: 'Berger',
    first_name: 'Anna',
    phone: '+43 664 123 45 67',
    earlier_wish: null,
    confirmation_state: null,
    unconfirmed: false,
    erased_at: null,
    version: 0,
    ...fields,
  } as Appointment;
}
function renderDialog(a: Appointment) {
  render(
    <MantineProvider theme={theme}>
      <AppointmentDialog appointment={a} types={[type]} processors={[]} timeZone="Europe/Vienna" onClose={() => undefined} onDone={() => Promise.resolve()} />
    </MantineProvider>,
  );
}

describe('AppointmentDialog', () => {
  it('shows an unconfirmed appointment with the phone on file to call', () => {
    renderDialog(appointment({ confirmation_state: 'ASKED', unconfirmed: true }));
    expect(screen.getByText('Bestätigung ausstehend')).toBeTruthy();
    expect(screen.getByText('Unbestätigt')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Anrufen: +43 664 123 45 67' }).getAttribute('href')).toBe('tel:+436641234567');
  });

  it('shows a confirmed one without a mark or a call', () => {
    renderDialog(appointment({ confirmation_state: 'CONFIRMED' }));
    expect(screen.getByText('Bestätigt')).toBeTruthy();
    expect(screen.queryByText('Unbestätigt')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers to take back a no-show', () => {
    renderDialog(appointment({ status: 'NO_SHOW', start: '2000-03-30T08:00:00+02:00', end: '2000-03-30T08:30:00+02:00' }));
    expect(screen.getByRole('button', { name: 'Nicht erschienen zurücknehmen' })).toBeTruthy();
    expect(screen.getByText(/Nur einem gebuchten Termin, der noch bevorsteht/)).toBeTruthy();
  });

  it('asks for the patient’s data with the inputs every form uses, without the browser’s autofill', () => {
    renderDialog(appointment({}));
    const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
    expect(['Geburtsdatum', 'E-Mail', 'Telefonnummer', 'Nachname'].map((label) => [input(label).type, input(label).autocomplete])).toEqual([
      ['date', 'off'],
      ['email', 'off'],
      ['tel', 'off'],
      ['text', 'off'],
    ]);
  });
});
