import { ActionIcon, Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isCalendarDate } from '@wartefrei/shared';
import type { LiveStatus } from '../../lib/live';
import { LiveBadge } from '../../ui/LiveBadge';
import { stepDate, type CalendarView } from './calendar-layout';

interface CalendarToolbarProps {
  view: CalendarView;
  date: string;
  today: string;
  live: LiveStatus;
  onGo: (next: { date?: string; view?: CalendarView }) => void;
  onNew: () => void;
}

/** Paging by day or week, today, the view, a date to jump to, a new appointment, and whether changes arrive live. */
export function CalendarToolbar({ view, date, today, live, onGo, onNew }: CalendarToolbarProps) {
  const { t } = useTranslation('appointments');
  const unit = view === 'day' ? 'Day' : 'Week';
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" role="toolbar" aria-label={t('toolbar.label')}>
      <Group gap="xs" wrap="wrap">
        <ActionIcon variant="default" size="lg" aria-label={t(`toolbar.previous${unit}`)} onClick={() => onGo({ date: stepDate(view, date, -1) })}>
          <IconChevronLeft aria-hidden />
        </ActionIcon>
        <Button variant="default" onClick={() => onGo({ date: today })} disabled={view === 'day' && date === today}>
          {t('toolbar.today')}
        </Button>
        <ActionIcon variant="default" size="lg" aria-label={t(`toolbar.next${unit}`)} onClick={() => onGo({ date: stepDate(view, date, 1) })}>
          <IconChevronRight aria-hidden />
        </ActionIcon>
        <TextInput
          type="date"
          aria-label={t('toolbar.date')}
          value={date}
          onChange={(event) => isCalendarDate(event.currentTarget.value) && onGo({ date: event.currentTarget.value })}
        />
        <SegmentedControl
          aria-label={t('toolbar.view')}
          value={view}
          onChange={(value) => onGo({ view: value as CalendarView })}
          data={[
            { value: 'day', label: t('toolbar.day') },
            { value: 'week', label: t('toolbar.week') },
          ]}
        />
      </Group>
      <Group gap="xs">
        <LiveBadge live={live} label={t(`live.${live}`)} />
        <Button leftSection={<IconPlus aria-hidden size={16} />} onClick={onNew}>
          {t('toolbar.new')}
        </Button>
      </Group>
      <Text size="xs" w="100%">
        {t('toolbar.shortcuts')}
      </Text>
    </Group>
  );
}
