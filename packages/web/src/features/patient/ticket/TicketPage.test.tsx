import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { TicketView } from '@wartefrei/shared';
import { handOverTicket } from './handover';
import { TicketPage } from './TicketPage';

// The test environment's server is a closed port: the ticket page's own fetch never answers
// with data, so what shows is what the draw handed over.
const queueId = '0b8f6f63-2f0e-4b8e-9f55-4d8a8c2c7e21';
const drawn: TicketView = {
  id: '7d3c1c0e-7a55-4a4c-9d7e-2f1f0c3b9a11',
  queue_id: queueId,
  number: 42,
  status: 'WAITING',
  cancel_state: null,
  view: 'waiting',
  position: 1,
  ahead: 0,
  estimated_start: '2026-11-23T08:01:00.000Z',
  first_estimated_start: '2026-11-23T08:01:00.000Z',
  wait_minutes: 1,
  created_at: '2026-11-23T08:00:00.000Z',
  actual_start: null,
  actual_end: null,
  display_name: null,
  called_numbers: [],
  processor_name: null,
  processor_room: null,
  info_tags: [],
  queue: {
    id: queueId,
    name: 'Allgemeinmedizin',
    phone: null,
    ticket_text_before: null,
    ticket_text_after: null,
    opening_hours: null,
    color: null,
    accent_color: null,
    wait_time_calculation_enabled: true,
    logo_placement_ticket: 'TOP',
    logo_url: null,
    logo_size: null,
    time_zone: 'Europe/Vienna',
  },
  alerts: { members_ahead: 2, minutes_left: 10, push_key: 'BAAA', sms_offered: true, push: false, sms_phone_end: null },
  patient_url: 'http://localhost/ticket/q3Vd9kX0_bA-7hZ2mN4pRw',
};
const key = 'q3Vd9kX0_bA-7hZ2mN4pRw';

describe('the ticket page right after a draw', () => {
  it('shows the drawn number at once, before any answer of its own', () => {
    handOverTicket(drawn);
    render(<TicketPage ticketKey={key} />);
    expect(screen.getByText('42')).toBeTruthy();
    expect(document.body.textContent).toContain('(in etwa 1 Minute)');
  });

  it('offers the alerts the list allows, with its thresholds, and says so where push cannot work', () => {
    handOverTicket(drawn);
    render(<TicketPage ticketKey={key} />);
    expect(screen.getByRole('heading', { name: 'Benachrichtigen, wenn Sie bald dran sind' })).toBeTruthy();
    expect(document.body.textContent).toContain('wenn noch 2 vor Ihnen sind oder noch etwa 10 Minuten bleiben');
    // The test environment has no service worker: the page says what to do instead.
    expect(document.body.textContent).toContain('Dieser Browser kann keine Mitteilungen empfangen');
    expect(screen.getByLabelText('Handynummer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SMS an meine Handynummer' })).toBeTruthy();
  });

  it('without a handed-over ticket it waits for the server (no number yet)', () => {
    render(<TicketPage ticketKey="Zm9vYmFyYmF6cXV4cXV1eA" />);
    expect(screen.queryByText('42')).toBeNull();
  });
});
