import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@wartefrei/shared';
import { theme } from '../../app/theme';
import { initI18n } from '../../i18n';
import { CalendarGrid } from './CalendarGrid';
import { daysOf } from './calendar-layout';
import type { CalendarProcessor } from './useCalendarData';

// The grid as the assistant sees it: where each appointment's block sits and how wide it is.
beforeAll(async () => {
  await initI18n();
});

const paula: CalendarProcessor = { id: 'paula', name: 'Paula Assistenz', color: null, priority: 10, queueIds: ['q'] };
function appointment(id: string, start: string, end: string, fields: Partial<Appointment> = {}): Appointment {
  return {
    id,
    profile_id: 'p',
    queue_id: 'q',
    appointment_type_id: 't',
    processor_id: 'paula',
    series_id: null,
    start,
    end,
    status: 'BOOKED',
    cancel_state: null,
    view: 'booked',
    source: 'FRONTEND',
    channel: null,
    first_name: null,
    last_name: id,
    birth_date: null,
    mail: null,
    phone: null,
    insurance_number: null,
    description: null,
    notify_mail: false,
    notify_sms: false,
    sms_reminder_minutes: null,
    erased_at: null,
    sealed_data: null,
    sealed_series_id: null,
    earlier_wish: null,
    confirmation_state: null,
    unconfirmed: false,
    lang: null,
    recurrence: null,
    version: 0,
    created_at: start,
    updated_at: start,
    ...fields,
  };
}

function renderGrid(days: string[], appointments: Appointment[], processor: CalendarProcessor = paula) {
  render(
    <MantineProvider theme={theme}>
      <CalendarGrid
        days={days}
        processors={[processor]}
        appointments={appointments}
        slots={[]}
        vacations={[]}
        timeZone="Europe/Vienna"
        now={{ date: '2000-01-01', minutes: 0 }}
        scale={2}
        typeName={() => 'Arztgespräch'}
        onPickTime={() => undefined}
        onOpen={() => undefined}
        onChange={() => Promise.resolve(undefined)}
      />
    </MantineProvider>,
  );
}
const block = (name: RegExp) => screen.getByRole('button', { name });

describe('CalendarGrid', () => {
  it('draws back-to-back appointments full width, one under the other, and overlapping ones side by side', () => {
    renderGrid(
      ['2026-03-30'],
      [
        appointment('Erster', '2026-03-30T08:00:00+02:00', '2026-03-30T08:30:00+02:00'),
        appointment('Zweiter', '2026-03-30T08:30:00+02:00', '2026-03-30T09:00:00+02:00'),
        appointment('Abgesagt', '2026-03-30T10:00:00+02:00', '2026-03-30T11:00:00+02:00', { view: 'cancelled', cancel_state: 'STAFF' }),
        appointment('Neu', '2026-03-30T10:00:00+02:00', '2026-03-30T10:30:00+02:00'),
      ],
    );
    // 07:00 is the first row, 2 px a minute: 08:00 lies 120 px down, 30 minutes are 60 px.
    const first = block(/^08:00–08:30, Erster/);
    const second = block(/^08:30–09:00, Zweiter/);
    expect([first.style.top, first.style.height, first.style.width]).toEqual(['120px', '59px', 'calc(100% - 2px)']);
    expect([second.style.top, second.style.left, second.style.width]).toEqual(['180px', 'calc(0% + 0px)', 'calc(100% - 2px)']);
    expect(block(/^10:00–11:00, Abgesagt/).style.width).toBe('calc(50% - 2px)');
    expect(block(/^10:00–10:30, Neu/).style.left).toBe('calc(50% + 0px)');
    expect(block(/Abgesagt, Arztgespräch, Abgesagt$/).className).toMatch(/cancelled/);
  });

  it('shows the week across the spring change with 08:00 on one row on Saturday and Sunday', () => {
    renderGrid(daysOf('week', '2026-03-28'), [
      appointment('Samstag', '2026-03-28T08:00:00+01:00', '2026-03-28T08:45:00+01:00'),
      appointment('Sonntag', '2026-03-29T08:00:00+02:00', '2026-03-29T08:45:00+02:00'),
    ]);
    expect(screen.getAllByRole('group', { name: /^Paula Assistenz, / })).toHaveLength(7);
    const saturday = block(/^08:00–08:45, Samstag/);
    const sunday = block(/^08:00–08:45, Sonntag/);
    expect(saturday.style.top).toBe('120px');
    expect(sunday.style.top).toBe(saturday.style.top);
    expect(sunday.style.height).toBe(saturday.style.height);
    expect(saturday.closest('[data-column]')?.getAttribute('data-column')).toBe('2026-03-28|paula');
    expect(sunday.closest('[data-column]')?.getAttribute('data-column')).toBe('2026-03-29|paula');
  });

  it('marks the processor’s column head and appointments in the processor’s colour', () => {
    renderGrid(['2026-03-30'], [appointment('Farbig', '2026-03-30T08:00:00+02:00', '2026-03-30T08:30:00+02:00')], { ...paula, color: '#C2255C' });
    expect(screen.getByTitle('Paula Assistenz').style.getPropertyValue('--processor-color')).toBe('#C2255C');
    expect(block(/^08:00–08:30, Farbig/).style.getPropertyValue('--processor-color')).toBe('#C2255C');
  });

  it('marks an unconfirmed appointment and one that wants earlier with an icon and a word, in its label too', () => {
    const wish = { since: '2026-03-20T08:00:00.000Z', not_before: null, times: [] };
    renderGrid(
      ['2026-03-30'],
      [
        appointment('Offen', '2026-03-30T08:00:00+02:00', '2026-03-30T08:30:00+02:00', { unconfirmed: true, confirmation_state: 'ASKED', phone: '+43 1 234' }),
        appointment('Frueher', '2026-03-30T09:00:00+02:00', '2026-03-30T09:30:00+02:00', { earlier_wish: wish }),
        appointment('Bestaetigt', '2026-03-30T10:00:00+02:00', '2026-03-30T10:30:00+02:00', { confirmation_state: 'CONFIRMED' }),
        appointment('Abgesagt', '2026-03-30T11:00:00+02:00', '2026-03-30T11:30:00+02:00', { view: 'cancelled', cancel_state: 'STAFF', earlier_wish: wish }),
      ],
    );
    const open = block(/^08:00–08:30, Offen, Arztgespräch, Gebucht, unbestätigt$/);
    expect(open.querySelector('[data-mark="unconfirmed"]')?.textContent).toBe('unbestätigt');
    expect(open.querySelector('[data-mark="unconfirmed"] svg')).not.toBeNull();
    expect(open.className).toMatch(/unconfirmed/);
    const earlier = block(/^09:00–09:30, Frueher, Arztgespräch, Gebucht, möchte früher$/);
    expect(earlier.querySelector('[data-mark="earlier"]')?.textContent).toBe('möchte früher');
    expect(earlier.querySelector('[data-mark="unconfirmed"]')).toBeNull();
    // Confirmed: no mark; a cancelled one's old wish is no longer a wish to mark.
    expect(block(/Bestaetigt, Arztgespräch, Gebucht$/).querySelector('[data-mark]')).toBeNull();
    expect(block(/Abgesagt, Arztgespräch, Abgesagt$/).querySelector('[data-mark]')).toBeNull();
  });
});
