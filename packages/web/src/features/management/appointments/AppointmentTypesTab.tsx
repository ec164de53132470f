import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentType } from '@wartefrei/shared';
import { queryKeys } from '../../../lib/query-keys';
import { ConfirmedDelete } from '../ConfirmedDelete';
import { useSavedFlag } from '../useSavedFlag';
import { AppointmentTypeForm } from './AppointmentTypeForm';
import { nameOf, useAppointmentSetup } from './manage.api';
import { SavedNote } from '../SavedNote';
import { EditButton } from '../EditButton';
import { ManageTable, RowActions } from '../ManageTable';

type Editing = { kind: 'new' } | { kind: 'edit'; type: AppointmentType };

/** The account's appointment types (docs/product.md#entities): list, create, edit, delete after confirmation. */
export function AppointmentTypesTab() {
  const { t } = useTranslation(['appointments', 'management']);
  const setup = useAppointmentSetup();
  const { saved, markSaved } = useSavedFlag();
  const [editing, setEditing] = useState<Editing>();
  if (setup.pending) return <Loader aria-label={t('management:loading')} />;
  if (setup.failed) return <Alert color="red">{t('management:loadFailed')}</Alert>;
  const listName = (id: string) => setup.queues.find((q) => q.id === id)?.name ?? '—';
  const close = () => setEditing(undefined);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text maw={640}>{t('manage.types.intro')}</Text>
        <Group gap="sm">
          <SavedNote saved={saved} />
          <Button onClick={() => setEditing({ kind: 'new' })} disabled={setup.queues.length === 0}>
            {t('manage.types.create')}
          </Button>
        </Group>
      </Group>
      {setup.types.length === 0 ? (
        <Text>{t('manage.types.none')}</Text>
      ) : (
        <ManageTable
          minWidth={800}
          columns={[
            t('manage.types.name'),
            t('manage.types.list'),
            t('manage.types.duration'),
            t('manage.types.defaultProcessor'),
            t('manage.types.online'),
            t('manage.types.kiosk'),
            t('manage.types.earlier'),
          ]}
          actionsLabel={t('manage.actions')}
        >
          {setup.types.map((type) => (
            <Table.Tr key={type.id} data-appointment-type={type.id}>
              <Table.Td fw={600}>{type.name}</Table.Td>
              <Table.Td>{listName(type.queue_id)}</Table.Td>
              <Table.Td>{t('manage.types.minutes', { count: type.duration_minutes })}</Table.Td>
              <Table.Td>{type.default_processor_id ? nameOf(setup.processors, type.default_processor_id) : t('manage.types.anyone')}</Table.Td>
              <Table.Td>{type.bookable_online ? t('manage.types.yes') : t('manage.types.no')}</Table.Td>
              <Table.Td>{type.bookable_kiosk ? t('manage.types.yes') : t('manage.types.no')}</Table.Td>
              <Table.Td>{type.offer_count > 0 ? t('manage.types.offersTo', { count: type.offer_count }) : t('manage.types.offersOff')}</Table.Td>
              <RowActions>
                <EditButton label={t('manage.types.edit', { name: type.name })} onClick={() => setEditing({ kind: 'edit', type })} />
                <ConfirmedDelete
                  label={t('manage.types.delete', { name: type.name })}
                  title={t('manage.types.deleteTitle')}
                  question={t('manage.types.deleteQuestion', { name: type.name })}
                  confirm={t('manage.deleteConfirm')}
                  path={`/appointment-types/${type.id}`}
                  invalidate={[queryKeys.appointmentTypes.all]}
                  onDeleted={markSaved}
                />
              </RowActions>
            </Table.Tr>
          ))}
        </ManageTable>
      )}
      {editing && (
        <AppointmentTypeForm
          key={editing.kind === 'edit' ? editing.type.id : 'new'}
          type={editing.kind === 'edit' ? editing.type : undefined}
          setup={setup}
          onClose={close}
          onSaved={() => {
            close();
            markSaved();
          }}
        />
      )}
    </Stack>
  );
}
