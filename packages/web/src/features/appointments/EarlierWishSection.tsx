import { Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_PARTS, type Appointment, type AppointmentType } from '@wartefrei/shared';
import { FormAlert } from '../../ui/FormAlert';
import { setEarlierWish, withdrawEarlierWish } from './appointments.api';
import { earlierRefusal, ticksOf, timeKey, WEEKDAYS, wishInputOf, wishSummary } from './earlier-wish';

interface EarlierWishSectionProps {
  appointment: Appointment;
  type: AppointmentType | undefined;
  timeZone: string;
  /** After a change: the confirmation to show (the calendar refetches the appointment). */
  onDone: (message: string) => Promise<void>;
}

/** A weekday's own name in the user's language (2024-01-01 was a Monday). */
const weekdayName = (weekday: number, lang: string) => new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekday)));

/**
 * "Früher, wenn möglich" in the appointment dialog: the patient's wish as words, and for staff
 * on the phone the same inputs the patient has (not before a date; weekday × morning/afternoon,
 * none ticked = any time) to set or change it, and to withdraw it. Where the type offers no freed
 * times, or the appointment is not booked and ahead, it says why instead.
 */
export function EarlierWishSection({ appointment, type, timeZone, onDone }: EarlierWishSectionProps) {
  const { t, i18n } = useTranslation(['appointments', 'common']);
  const wish = appointment.earlier_wish;
  const refusal = earlierRefusal(appointment, type, new Date());
  const [editing, setEditing] = useState(false);
  const [notBefore, setNotBefore] = useState(wish?.not_before ?? '');
  const [ticks, setTicks] = useState(() => ticksOf(wish));
  const [busy, setBusy] = useState<'save' | 'withdraw'>();
  const [problem, setProblem] = useState<string>();

  const act = async (action: 'save' | 'withdraw') => {
    setBusy(action);
    setProblem(undefined);
    try {
      if (action === 'save') await setEarlierWish(appointment.id, wishInputOf(notBefore, ticks));
      else await withdrawEarlierWish(appointment.id);
      setEditing(false);
      await onDone(t(action === 'save' ? 'earlier.saved' : 'earlier.withdrawn'));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(undefined);
    }
  };
  const toggle = (key: string, on: boolean) =>
    setTicks((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <Stack gap="xs" component="section" aria-labelledby="earlier-wish-title" data-earlier-section>
      <Text fw={600} id="earlier-wish-title">
        {t('earlier.title')}
      </Text>
      <Text size="sm" data-earlier-wish>
        {wish ? wishSummary(wish, t, i18n.language, timeZone) : t('earlier.none')}
      </Text>
      {refusal && <Text size="sm">{t(`earlier.${refusal}`)}</Text>}
      {problem && <FormAlert tone="error">{problem}</FormAlert>}
      {!refusal && !editing && (
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setEditing(true)}>
            {wish ? t('earlier.change') : t('earlier.set')}
          </Button>
          {wish && (
            <Button variant="default" size="xs" color="red.8" loading={busy === 'withdraw'} onClick={() => void act('withdraw')}>
              {t('earlier.withdraw')}
            </Button>
          )}
        </Group>
      )}
      {!refusal && editing && (
        <Stack gap="xs">
          <TextInput
            type="date"
            size="xs"
            maw={220}
            label={t('earlier.notBeforeLabel')}
            description={t('earlier.notBeforeHint')}
            value={notBefore}
            onChange={(e) => setNotBefore(e.currentTarget.value)}
            data-autofocus
          />
          <Table withTableBorder verticalSpacing={4} maw={360} aria-describedby="earlier-times-hint">
            <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{t('earlier.timesLabel')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('earlier.weekday')}</Table.Th>
                {DAY_PARTS.map((part) => (
                  <Table.Th key={part} scope="col">
                    {t(`earlier.parts.${part}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {WEEKDAYS.map((weekday) => (
                <Table.Tr key={weekday}>
                  <Table.Th scope="row">{weekdayName(weekday, i18n.language)}</Table.Th>
                  {DAY_PARTS.map((part) => (
                    <Table.Td key={part}>
                      <Checkbox
                        aria-label={t('earlier.slot', { weekday: weekdayName(weekday, i18n.language), part: t(`earlier.parts.${part}`) })}
                        checked={ticks.has(timeKey(weekday, part))}
                        onChange={(e) => toggle(timeKey(weekday, part), e.currentTarget.checked)}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" id="earlier-times-hint">
            {t('earlier.timesHint')}
          </Text>
          <Group gap="xs">
            <Button size="xs" loading={busy === 'save'} onClick={() => void act('save')}>
              {t('earlier.save')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditing(false)}>
              {t('earlier.discard')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
