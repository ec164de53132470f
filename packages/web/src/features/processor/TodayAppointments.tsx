import { Anchor, Badge, Button, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentEntry } from '@wartefrei/shared';
import type { MaybeOpened } from '../../lib/sealed-records';
import { checkInAppointment, markNoShow } from '../appointments/appointments.api';
import { telHref } from '../appointments/earlier-wish';
import { notifyDone, notifyFailure } from './notify';

interface TodayAppointmentsProps {
  queueName: string;
  appointments: MaybeOpened<AppointmentEntry>[];
  onChanged: () => void;
}

const nameOf = (entry: MaybeOpened<AppointmentEntry>, sealedLabel: string) =>
  [entry.last_name, entry.first_name].filter(Boolean).join(', ') || (entry.seal_state === 'locked' ? sealedLabel : '—');

/**
 * Today's appointments of the list not yet checked in, each at its time: expected, late once
 * its start has passed, or marked as not come. Checked in at the desk, the patient becomes a
 * row of the list above and is called like a ticket. One asked to confirm and not confirmed
 * within its type's mark time is marked "Unbestätigt", with the phone on file to call.
 */
export function TodayAppointments({ queueName, appointments, onChanged }: TodayAppointmentsProps) {
  const { t } = useTranslation('processor');
  const [busy, setBusy] = useState<string>();
  const name = (entry: MaybeOpened<AppointmentEntry>) => nameOf(entry, t('row.sealed'));
  if (appointments.length === 0) return null;

  const act = async (entry: AppointmentEntry, action: 'checkIn' | 'noShow') => {
    setBusy(entry.id);
    try {
      if (action === 'checkIn') await checkInAppointment(entry.id);
      else await markNoShow(entry.id);
      notifyDone(t(action === 'checkIn' ? 'appointments.checkedIn' : 'appointments.markedNoShow', { name: name(entry) }));
      onChanged();
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section aria-labelledby="today-appointments-title">
      <Title order={3} size="h4" id="today-appointments-title" mb="xs">
        {t('appointments.title')}
      </Title>
      <Table.ScrollContainer minWidth={330}>
        <Table verticalSpacing="xs" withTableBorder aria-label={t('appointments.label', { name: queueName })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('appointments.time')}</Table.Th>
              <Table.Th scope="col">{t('appointments.patient')}</Table.Th>
              <Table.Th scope="col">{t('appointments.state')}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {appointments.map((entry) => {
              const late = entry.status === 'BOOKED' && Date.parse(entry.start) < Date.now();
              const state = entry.status === 'NO_SHOW' ? 'noShow' : late ? 'late' : 'expected';
              return (
                <Table.Tr key={entry.id} data-appointment-row={entry.id} data-state={state}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {entry.start.slice(11, 16)}–{entry.end.slice(11, 16)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {name(entry)}
                    {entry.unconfirmed && entry.phone && (
                      <Text size="xs">
                        <Anchor href={telHref(entry.phone)} aria-label={t('appointments.callLabel', { name: name(entry), phone: entry.phone })} data-call>
                          {t('appointments.call')}: {entry.phone}
                        </Anchor>
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      <Badge variant={state === 'expected' ? 'default' : 'filled'} color={state === 'late' ? 'yellow.4' : state === 'noShow' ? 'gray.8' : undefined} autoContrast>
                        {t(`appointments.${state}`)}
                      </Badge>
                      {entry.unconfirmed && (
                        <Badge variant="outline" color="dark.9" leftSection={<IconAlertTriangle size={12} aria-hidden />} data-unconfirmed>
                          {t('appointments.unconfirmed')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {entry.status === 'BOOKED' && (
                        <Button size="xs" loading={busy === entry.id} aria-label={t('appointments.checkInLabel', { name: name(entry) })} onClick={() => void act(entry, 'checkIn')}>
                          {t('appointments.checkIn')}
                        </Button>
                      )}
                      {entry.can_mark_no_show && (
                        <Button size="xs" variant="default" aria-label={t('appointments.markNoShowLabel', { name: name(entry) })} onClick={() => void act(entry, 'noShow')}>
                          {t('appointments.markNoShow')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
