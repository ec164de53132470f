import { MantineProvider, Table } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { ManageTable, RowActions } from './ManageTable';

const show = (regionLabel?: string) =>
  render(
    <MantineProvider theme={theme}>
      <ManageTable columns={['Name', 'Farbe']} actionsLabel="Aktionen" minWidth={640} caption="Alle Tags" regionLabel={regionLabel}>
        <Table.Tr>
          <Table.Td>Erstbesuch</Table.Td>
          <Table.Td>rot</Table.Td>
          <RowActions>
            <button type="button">Erstbesuch bearbeiten</button>
          </RowActions>
        </Table.Tr>
      </ManageTable>
    </MantineProvider>,
  );

// Every management list (info tags, appointment types, absences, slots, API keys) is this table.
describe('a management list table', () => {
  it('names its columns, the actions column only for screen readers, and puts the row buttons last', () => {
    show();
    const table = screen.getByRole('table', { name: 'Alle Tags' });
    const heads = within(table).getAllByRole('columnheader');
    expect(heads.map((head) => head.textContent)).toEqual(['Name', 'Farbe', 'Aktionen']);
    expect(heads[2]?.querySelector('.mantine-VisuallyHidden-root')).not.toBeNull();
    const cells = within(table).getAllByRole('cell');
    expect(within(cells[2] as HTMLElement).getByRole('button', { name: 'Erstbesuch bearbeiten' })).toBeDefined();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('scrolls in a named, focusable region when given a name for it', () => {
    show('Einzelne Tage');
    const region = screen.getByRole('region', { name: 'Einzelne Tage' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table')).toBeDefined();
  });
});
