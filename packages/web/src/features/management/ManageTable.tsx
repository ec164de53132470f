import { Group, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollRegion } from '../../ui/ScrollRegion';

interface ManageTableProps {
  /** The visible column heads, in order. */
  columns: string[];
  /** The name of the last column, which holds each row's pencil and bin: heard, not shown. */
  actionsLabel: string;
  minWidth: number;
  caption?: string;
  /** Set, the table scrolls in a focusable region of this name (ScrollRegion) instead of Mantine's container. */
  regionLabel?: string;
  /** The rows; each ends with `<RowActions>`. */
  children: ReactNode;
}

/** The striped table of a management list: its heads, then one row a thing, the row's actions last. */
export function ManageTable({ columns, actionsLabel, minWidth, caption, regionLabel, children }: ManageTableProps) {
  const table = (
    <Table striped>
      {caption && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column}>{column}</Table.Th>
          ))}
          <Table.Th>
            <VisuallyHidden>{actionsLabel}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  return regionLabel ? (
    <ScrollRegion label={regionLabel} minWidth={minWidth}>
      {table}
    </ScrollRegion>
  ) : (
    <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
  );
}

/** The last cell of a management row: its buttons (edit, delete), kept together at the right. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Table.Td>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {children}
      </Group>
    </Table.Td>
  );
}
