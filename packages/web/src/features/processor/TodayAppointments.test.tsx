import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentEntry } from '@wartefrei/shared';
import { theme } from '../../app/theme';
import { initI18n } from '../../i18n';
import { TodayAppointments } from './TodayAppointments';

// The day's appointments in the work view: an unconfirmed one is marked and its phone is a link to call.
beforeAll(async () => {
  await initI18n();
});

function entry(id: string, fields: Partial<AppointmentEntry>): AppointmentEntry {
  return {
    kind: 'appointment',
    id,
    queue_id: '00000000-0000-4000-8000-000000000001',
    appointment_type_id: '00000000-0000-4000-8000-000000000002',
    processor_id: null,
    start: '2099-03-30T08:00:00+02:00',
    end: '2099-03-30T08:30:00+02:00',
    status: 'BOOKED',
    can_mark_no_show: false,
    first_name: 'Anna',
    last_name: 'Berger',
    phone: '+43 664 123 45 67',
    sealed_data: null,
    sealed_series_id: null,
    unconfirmed: false,
    ...fields,
  };
}

describe('TodayAppointments', () => {
  it('marks an unconfirmed appointment with an icon and a word, and links its phone to call', () => {
    render(
      <MantineProvider theme={theme}>
        <TodayAppointments
          queueName="Allgemein"
          appointments={[entry('00000000-0000-4000-8000-00000000000a', { unconfirmed: true }), entry('00000000-0000-4000-8000-00000000000b', { last_name: 'Huber' })]}
          onChanged={() => undefined}
        />
      </MantineProvider>,
    );
    const [unconfirmed, confirmed] = screen.getAllByRole('row').slice(1);
    const mark = within(unconfirmed!).getByText('Unbestätigt');
    expect(mark.closest('[data-unconfirmed]')?.querySelector('svg')).not.toBeNull();
    const call = within(unconfirmed!).getByRole('link', { name: 'Berger, Anna anrufen: +43 664 123 45 67' });
    expect(call.getAttribute('href')).toBe('tel:+436641234567');
    expect(within(confirmed!).queryByText('Unbestätigt')).toBeNull();
    expect(within(confirmed!).queryByRole('link')).toBeNull();
  });
});
