import { Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ChartSectionProps {
  id: string;
  title: string;
  hint: string;
  /** The table a screen reader reads instead of the picture; none when the child is a table already. */
  columns: string[];
  rows: (string | number)[][];
  empty: boolean;
  children: ReactNode;
}

/** A chart with its heading and explanation, and the same figures as a table for screen readers. */
export function ChartSection({ id, title, hint, columns, rows, empty, children }: ChartSectionProps) {
  const { t } = useTranslation('reporting');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {empty && <Text size="sm">{t('charts.noData')}</Text>}
        {!empty && columns.length === 0 && children}
        {!empty && columns.length > 0 && (
          <>
            <div aria-hidden data-chart={id}>
              {children}
            </div>
            <VisuallyHidden>
              <Table>
                <caption>{t('charts.tableCaption', { title })}</caption>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column) => (
                      <Table.Th key={column} scope="col">
                        {column}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, i) => (
                    <Table.Tr key={i}>
                      {row.map((cell, j) => (
                        <Table.Td key={j}>{cell}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
