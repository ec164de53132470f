import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportHeatmap } from '@wartefrei/shared';
import { ScrollRegion } from '../../ui/ScrollRegion';

/**
 * Arrivals by weekday × hour as a table whose cells are shaded by their count: readable as a
 * picture and, cell by cell, by a screen reader. Only the hours and days that saw anyone.
 */
export function Heatmap({ cells }: { cells: ReportHeatmap['cells'] }) {
  const { t } = useTranslation('reporting');
  const weekdays = t('charts.weekdays', { returnObjects: true }) as string[];
  const short = t('charts.weekdaysShort', { returnObjects: true }) as string[];
  const busy = cells.filter((cell) => cell.arrivals > 0);
  if (busy.length === 0) return <Text size="sm">{t('charts.noData')}</Text>;
  const hours = busy.map((cell) => cell.hour);
  const hourRange = Array.from({ length: Math.max(...hours) - Math.min(...hours) + 1 }, (_, i) => Math.min(...hours) + i);
  const days = [1, 2, 3, 4, 5, 6, 7].filter((day) => day <= 5 || busy.some((cell) => cell.weekday === day));
  const max = Math.max(...busy.map((cell) => cell.arrivals));
  const count = (day: number, hour: number) => cells.find((cell) => cell.weekday === day && cell.hour === hour)?.arrivals ?? 0;
  return (
    <ScrollRegion label={t('charts.arrivals')} minWidth={hourRange.length * 34 + 60}>
      <Table withColumnBorders={false} verticalSpacing={2} horizontalSpacing={2} fz="xs" ta="center">
        <caption style={{ captionSide: 'bottom', fontSize: 'var(--mantine-font-size-xs)' }}>{t('charts.arrivalsHint')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <VisuallyHidden>{t('charts.hour')}</VisuallyHidden>
            </Table.Th>
            {hourRange.map((hour) => (
              <Table.Th key={hour} scope="col" ta="center">
                {String(hour).padStart(2, '0')}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((day) => (
            <Table.Tr key={day}>
              <Table.Th scope="row">
                <abbr title={weekdays[day - 1]}>{short[day - 1]}</abbr>
              </Table.Th>
              {hourRange.map((hour) => {
                const n = count(day, hour);
                const strength = n / max;
                return (
                  <Table.Td
                    key={hour}
                    style={{
                      // Light tints only, so that dark text stays readable on every cell (contrast ≥ 4.5:1).
                      background: n === 0 ? 'transparent' : `color-mix(in srgb, var(--mantine-color-blue-8) ${Math.round(8 + strength * 52)}%, white)`,
                      color: n === 0 ? 'var(--mantine-color-gray-7)' : 'var(--mantine-color-black)',
                      fontWeight: strength > 0.6 ? 700 : 400,
                      borderRadius: 4,
                      minWidth: 30,
                    }}
                  >
                    {n}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
