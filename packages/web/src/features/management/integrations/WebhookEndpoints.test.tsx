import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type CreateWebhookEndpointInput, type WebhookDelivery, type WebhookEndpointWithSecret } from '@wartefrei/shared';
import { theme } from '../../../app/theme';
import { initI18n } from '../../../i18n';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookEndpointForm } from './WebhookEndpointForm';
import { WebhookSecret } from './WebhookSecret';

beforeAll(async () => {
  await initI18n();
});

const show = (node: ReactNode) => render(<MantineProvider theme={theme}>{node}</MantineProvider>);
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw5Wr6l0Nn2NU=';

const delivery = (overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: '5a0c7d3e-9a51-4f43-8d47-0c2f4b1f9e10',
  webhook_id: 'msg_5a0c7d3e9a514f438d470c2f4b1f9e10',
  event_type: 'ticket.drawn',
  status: 'DELIVERED',
  attempts: 1,
  last_response_code: 200,
  last_error: null,
  next_attempt_at: null,
  created_at: '2026-11-28T09:00:00.000Z',
  delivered_at: '2026-11-28T09:00:01.000Z',
  ...overrides,
});

describe('the webhook section', () => {
  it('shows a new secret once, says so, and offers to copy it', () => {
    show(<WebhookSecret secret={SECRET} url="https://pvs.example.com/in" />);
    expect(screen.getByText(SECRET)).toBeTruthy();
    expect(document.body.textContent).toContain('Das Geheimnis für https://pvs.example.com/in wird nur jetzt angezeigt');
    expect(screen.getByRole('button', { name: /das Signatur-Geheimnis/ })).toBeTruthy();
  });

  it('after a rotation says that the old secret signs alongside for 24 hours', () => {
    show(<WebhookSecret secret={SECRET} url="https://pvs.example.com/in" rotated />);
    expect(screen.getByText('Neues Signatur-Geheimnis')).toBeTruthy();
    expect(screen.getByText('Das bisherige Geheimnis signiert noch 24 Stunden mit.')).toBeTruthy();
  });

  it('lists deliveries with status, attempts, last answer and next try, and sends one again', () => {
    const retried: string[] = [];
    const failing = delivery({
      id: '0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
      status: 'PENDING',
      attempts: 3,
      last_response_code: null,
      last_error: 'no answer within 10000 ms',
      next_attempt_at: '2026-11-28T09:05:00.000Z',
    });
    show(<WebhookDeliveries deliveries={[failing, delivery({})]} onRetry={(d) => retried.push(d.id)} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Ausstehend');
    expect(rows[0]!.textContent).toContain('no answer within 10000 ms');
    expect(rows[0]!.textContent).toContain('3');
    expect(rows[1]!.textContent).toContain('Zugestellt');
    expect(rows[1]!.textContent).toContain('200');
    const buttons = screen.getAllByRole('button', { name: /ticket\.drawn vom .* erneut senden/ });
    fireEvent.click(buttons[0]!);
    expect(retried).toEqual([failing.id]);
  });

  it('says when there are no deliveries yet', () => {
    show(<WebhookDeliveries deliveries={[]} onRetry={() => undefined} />);
    expect(screen.getByText('Noch keine Zustellungen.')).toBeTruthy();
  });

  it('creates an endpoint only with at least one event, and hands on the answer with its secret', async () => {
    const sent: CreateWebhookEndpointInput[] = [];
    const created: WebhookEndpointWithSecret[] = [];
    const answer = (body: CreateWebhookEndpointInput): Promise<WebhookEndpointWithSecret> =>
      Promise.resolve({
        id: '9d8c7b6a-5f4e-4d3c-8b2a-190817161514',
        url: body.url,
        events: body.events,
        description: body.description ?? null,
        disabled: false,
        disabled_reason: null,
        previous_secret_until: null,
        created_at: '2026-11-28T09:00:00.000Z',
        secret: SECRET,
      });
    show(<WebhookEndpointForm onClose={() => undefined} onCreated={(c) => created.push(c)} create={(body) => (sent.push(body), answer(body))} />);
    // Every event can be chosen, by its meaning and its name.
    for (const event of WEBHOOK_EVENT_TYPES) expect(screen.getByRole('checkbox', { name: new RegExp(`\\(${event.replace('.', '\\.')}\\)`) })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Adresse \(URL\)/ }), { target: { value: 'https://pvs.example.com/in' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' })));
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ticket aufgerufen (ticket.called)' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Beschreibung' }), { target: { value: 'PVS' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' })));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(sent).toEqual([{ url: 'https://pvs.example.com/in', events: ['ticket.called'], description: 'PVS' }]);
    expect(created[0]!.secret).toBe(SECRET);
  });
});
