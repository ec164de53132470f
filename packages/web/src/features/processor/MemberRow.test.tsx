import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_CONFIGURATION, type InfoTag, type Member } from '@wartefrei/shared';
import { theme } from '../../app/theme';
import { initI18n } from '../../i18n';
import { MemberRow } from './MemberRow';

// A row of the work view as staff see it: its colour for a silent call, its info tags' colours.
beforeAll(async () => {
  await initI18n();
});

const TAG_ID = '55555555-5555-4555-8555-555555555555';
const PLAIN_ID = '66666666-6666-4666-8666-666666666666';
const tag = (id: string, name: string, color: string | null): InfoTag => ({
  id,
  name,
  label: null,
  color,
  delay: 'NONE',
  delay_minutes: 0,
  time_priority: false,
  visible_on_ticket: false,
  ticket_text: null,
  hide_times_on_ticket: false,
});

function member(fields: Partial<Member>): Member {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    number: 12,
    status: 'WAITING',
    cancel_state: null,
    origin: 'ONLINE',
    called_silently: false,
    info_tag_ids: [],
    answers: [],
    alerts: { channels: [], deliveries: [] },
    first_name: 'Anna',
    last_name: 'Berger',
    display_name: null,
    erased_at: null,
    wait_minutes: 3,
    ...fields,
  } as Member;
}

function renderRow(row: Member) {
  const tags = new Map([tag(TAG_ID, 'Labor', '#E03131'), tag(PLAIN_ID, 'Rezept', null)].map((t) => [t.id, t]));
  render(
    <MantineProvider theme={theme}>
      <Table>
        <Table.Tbody>
          <MemberRow member={row} nameOrder="FIRST_LAST" view={DEFAULT_VIEW_CONFIGURATION.admin} tags={tags} busy={false} onAction={() => undefined} onIntent={() => undefined} />
        </Table.Tbody>
      </Table>
    </MantineProvider>,
  );
  return screen.getByRole('row', { name: `Ticket Nr. ${row.number}` });
}

describe('work view row', () => {
  it('is yellow while processed after a silent call, and says so in words', () => {
    const row = renderRow(member({ status: 'PROCESSING', called_silently: true }));
    expect(row.getAttribute('data-status')).toBe('processing');
    expect(row.getAttribute('data-silent')).toBe('true');
    expect(row.className).toMatch(/silent/);
    expect(screen.getByText('still aufgerufen')).toBeTruthy();
  });

  it('stays blue for a public call', () => {
    const row = renderRow(member({ status: 'PROCESSING', called_silently: false }));
    expect(row.getAttribute('data-silent')).toBeNull();
    expect(row.className).not.toMatch(/silent/);
  });

  it('shows each info tag in its colour: edge and dot, the name in dark text', () => {
    renderRow(member({ info_tag_ids: [TAG_ID, PLAIN_ID] }));
    const coloured = screen.getByText('Labor').closest('.mantine-Badge-root') as HTMLElement;
    expect(coloured.getAttribute('data-tag-color')).toBe('#E03131');
    expect(coloured.style.borderColor).toBe('rgb(224, 49, 49)');
    expect(coloured.style.getPropertyValue('--tag-color')).toBe('#E03131');
    const plain = screen.getByText('Rezept').closest('.mantine-Badge-root') as HTMLElement;
    expect(plain.getAttribute('data-tag-color')).toBeNull();
    expect(plain.style.borderColor).toBe('');
  });
});
