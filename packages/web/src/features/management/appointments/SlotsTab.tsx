import { Alert, Button, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AppointmentSlot, AppointmentSlotKind } from '@wartefrei/shared';
import { queryKeys } from '../../../lib/query-keys';
import { ConfirmedDelete } from '../ConfirmedDelete';
import { WEEKDAYS, weekdayName } from '../schedule-entries';
import { useSavedFlag } from '../useSavedFlag';
import { SlotForm } from './SlotForm';
import { nameOf, useAppointmentSetup, useSlots } from './manage.api';
import { SavedNote } from '../SavedNote';
import { EditButton } from '../EditButton';
import { ManageTable } from '../ManageTable';

/** The dialog: a new slot of a kind (on a weekday for WEEK), or a slot to change. */
export type SlotEditing = { kind: AppointmentSlotKind; weekday?: number; slot?: AppointmentSlot };

/**
 * A processor's bookable hours at a location, like the weekly schedule: seven columns of weekly
 * slots, then the single extra and removed days by date. Location and processor are chosen
 * above and kept in the address (`&profile=`, `&processor=`).
 */
export function SlotsTab() {
  const { t, i18n } = useTranslation(['appointments', 'management']);
  const setup = useAppointmentSetup();
  const slots = useSlots();
  const [params, setParams] = useSearchParams();
  const { saved, markSaved } = useSavedFlag();
  const [editing, setEditing] = useState<SlotEditing>();
  if (setup.pending || slots.isPending) return <Loader aria-label={t('management:loading')} />;
  if (setup.failed || slots.isError) return <Alert color="red">{t('management:loadFailed')}</Alert>;

  const profile = setup.profiles.find((p) => p.id === params.get('profile')) ?? setup.profiles[0];
  const processor = setup.processors.find((p) => p.id === params.get('processor')) ?? setup.processors[0];
  if (!profile || !processor) return <Text>{t('manage.slots.noProcessors')}</Text>;
  const choose = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const own = slots.data.filter((s) => s.profile_id === profile.id && s.processor_id === processor.id);
  const weekly = (day: number) => own.filter((s) => s.kind === 'WEEK' && s.weekday === day).sort((a, b) => a.start_time.localeCompare(b.start_time));
  const singles = own.filter((s) => s.kind !== 'WEEK').sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.start_time.localeCompare(b.start_time));
  const timeOf = (slot: AppointmentSlot) => `${slot.start_time}–${slot.end_time}`;
  const describe = (slot: AppointmentSlot) => (slot.kind === 'WEEK' ? `${weekdayName(slot.weekday ?? 1, i18n.language)} ${timeOf(slot)}` : `${slot.date} ${timeOf(slot)}`);
  const actions = (slot: AppointmentSlot) => (
    <Group gap={2} wrap="nowrap">
      <EditButton label={t('manage.slots.edit', { time: describe(slot) })} onClick={() => setEditing({ kind: slot.kind, slot })} />
      <ConfirmedDelete
        label={t('manage.slots.delete', { time: describe(slot) })}
        title={t('manage.slots.deleteTitle')}
        question={t('manage.slots.deleteQuestion', { time: describe(slot) })}
        confirm={t('manage.deleteConfirm')}
        path={`/appointment-slots/${slot.id}`}
        invalidate={[queryKeys.appointmentSlots.all]}
        onDeleted={markSaved}
      />
    </Group>
  );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="lg" justify="space-between">
        <Group align="flex-end" gap="lg">
          <NativeSelect
            label={t('manage.slots.location')}
            data={setup.profiles.map((p) => ({ value: p.id, label: p.name }))}
            value={profile.id}
            onChange={(e) => choose('profile', e.currentTarget.value)}
            w={240}
          />
          <NativeSelect
            label={t('manage.slots.processor')}
            data={setup.processors.map((p) => ({ value: p.id, label: nameOf(setup.processors, p.id) }))}
            value={processor.id}
            onChange={(e) => choose('processor', e.currentTarget.value)}
            w={240}
          />
        </Group>
        <SavedNote saved={saved} />
      </Group>
      <Text maw={720}>{t('manage.slots.intro', { timeZone: profile.time_zone })}</Text>
      <Title order={2} size="h4">
        {t('manage.slots.week')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 4, lg: 7 }} spacing="xs">
        {WEEKDAYS.map((day) => (
          <Paper key={day} withBorder p="xs" data-weekday={day}>
            <Stack gap={6}>
              <Text fw={700}>{weekdayName(day, i18n.language)}</Text>
              {weekly(day).map((slot) => (
                <Group key={slot.id} gap={4} justify="space-between" wrap="nowrap" data-slot={slot.id}>
                  <Text size="sm" ff="monospace">
                    {timeOf(slot)}
                  </Text>
                  {actions(slot)}
                </Group>
              ))}
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPlus size={14} aria-hidden />}
                aria-label={t('manage.slots.add', { day: weekdayName(day, i18n.language) })}
                onClick={() => setEditing({ kind: 'WEEK', weekday: day })}
              >
                {t('manage.slots.time')}
              </Button>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('manage.slots.single')}
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => setEditing({ kind: 'SINGLE' })}>
            {t('manage.slots.addSingle')}
          </Button>
          <Button variant="default" onClick={() => setEditing({ kind: 'SINGLE_NEGATE' })}>
            {t('manage.slots.addNegate')}
          </Button>
        </Group>
      </Group>
      {singles.length === 0 ? (
        <Text>{t('manage.slots.singleNone')}</Text>
      ) : (
        <ManageTable
          regionLabel={t('manage.slots.single')}
          minWidth={560}
          columns={[t('manage.slots.date'), t('manage.slots.time'), t('manage.slots.kind')]}
          actionsLabel={t('manage.actions')}
        >
          {singles.map((slot) => (
            <Table.Tr key={slot.id} data-slot={slot.id}>
              <Table.Td>{slot.date}</Table.Td>
              <Table.Td ff="monospace">{timeOf(slot)}</Table.Td>
              <Table.Td>{t(`manage.slots.kinds.${slot.kind}`)}</Table.Td>
              <Table.Td>{actions(slot)}</Table.Td>
            </Table.Tr>
          ))}
        </ManageTable>
      )}
      {editing && (
        <SlotForm
          key={editing.slot?.id ?? `${editing.kind}-${editing.weekday ?? ''}`}
          editing={editing}
          profileId={profile.id}
          processorId={processor.id}
          types={setup.types.filter((type) => type.profile_id === profile.id)}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            markSaved();
          }}
        />
      )}
    </Stack>
  );
}
