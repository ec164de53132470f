import { List, Radio, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UpcomingAppointmentsError } from '@wartefrei/shared';

/** Where the upcoming appointments of something deleted can go: other lists of the location, or other processors. */
export interface HandoverTargets {
  /** `move` (a list's appointments) or `reassign` (a processor's): the DELETE's `appointments` value. */
  param: 'move' | 'reassign';
  options: { value: string; label: string }[];
  /** The location's zone for the dates shown; the browser's when absent. */
  timeZone?: string;
}

export type HandoverChoice = { appointments: 'cancel' } | { appointments: 'move' | 'reassign'; to: string | null };

interface UpcomingChoiceProps {
  upcoming: UpcomingAppointmentsError;
  /** None: the appointments can only be cancelled (a location's, or nobody to take them). */
  targets: HandoverTargets | undefined;
  choice: HandoverChoice;
  onChange: (choice: HandoverChoice) => void;
}

/**
 * The second step of a delete that would leave booked appointments behind (the server's 409):
 * names how many and the first dates, and asks whether to cancel them — the patients are told —
 * or to hand them over (docs/product.md#removing-keeps-history).
 */
export function UpcomingChoice({ upcoming, targets, choice, onChange }: UpcomingChoiceProps) {
  const { t, i18n } = useTranslation('management');
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short', ...(targets?.timeZone ? { timeZone: targets.timeZone } : {}) });
  const noun = targets?.param === 'reassign' ? 'processor' : 'queue';
  const canHandOver = targets !== undefined && targets.options.length > 0;
  return (
    <Stack gap="sm" mt="sm">
      <Text fw={600} role="status">
        {t('handover.upcoming', { count: upcoming.count })}
      </Text>
      <List size="sm" aria-label={t('handover.first')}>
        {upcoming.first.map((start) => (
          <List.Item key={start}>{format.format(new Date(start))}</List.Item>
        ))}
        {upcoming.count > upcoming.first.length && <List.Item>{t('handover.more', { count: upcoming.count - upcoming.first.length })}</List.Item>}
      </List>
      <Radio.Group
        label={t('handover.choice')}
        value={choice.appointments}
        onChange={(value) => onChange(value === 'cancel' ? { appointments: 'cancel' } : { appointments: targets!.param, to: null })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="cancel" label={t('handover.cancel')} />
          {targets && <Radio value={targets.param} label={t(`handover.${noun}.move`)} disabled={!canHandOver} />}
        </Stack>
      </Radio.Group>
      {targets && !canHandOver && (
        <Text size="sm" c="dimmed">
          {t(`handover.${noun}.noTargets`)}
        </Text>
      )}
      {choice.appointments !== 'cancel' && canHandOver && (
        <Select
          label={t(`handover.${noun}.target`)}
          placeholder={t('handover.choose')}
          data={targets.options}
          value={choice.to}
          onChange={(to) => onChange({ appointments: targets.param, to })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Stack>
  );
}
