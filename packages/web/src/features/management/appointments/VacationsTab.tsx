import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { DEFAULT_TIME_ZONE } from '@wartefrei/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Vacation } from '@wartefrei/shared';
import { queryKeys } from '../../../lib/query-keys';
import { FormAlert } from '../../../ui/FormAlert';
import { ConfirmedDelete } from '../ConfirmedDelete';
import { useSavedFlag } from '../useSavedFlag';
import { nameOf, useAppointmentSetup, useVacations } from './manage.api';
import { VacationForm } from './VacationForm';
import { SavedNote } from '../SavedNote';
import { EditButton } from '../EditButton';
import { ManageTable, RowActions } from '../ManageTable';

type Editing = { kind: 'new' } | { kind: 'edit'; vacation: Vacation };

/** Absences and substitutions (docs/product.md#entities Vacation): list, add, change, delete after confirmation. */
export function VacationsTab() {
  const { t } = useTranslation(['appointments', 'management']);
  const setup = useAppointmentSetup();
  const vacations = useVacations();
  const { saved, markSaved } = useSavedFlag();
  const [editing, setEditing] = useState<Editing>();
  const [result, setResult] = useState<string>();
  if (setup.pending || vacations.isPending) return <Loader aria-label={t('management:loading')} />;
  if (setup.failed || vacations.isError) return <Alert color="red">{t('management:loadFailed')}</Alert>;
  const when = (v: Vacation) => (v.whole_days ? `${v.start} – ${v.end}` : `${v.start.slice(0, 16).replace('T', ' ')} – ${v.end.slice(0, 16).replace('T', ' ')}`);
  const timeZone = setup.profiles[0]?.time_zone ?? DEFAULT_TIME_ZONE;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text maw={640}>{t('manage.vacations.intro')}</Text>
        <Group gap="sm">
          <SavedNote saved={saved} />
          <Button onClick={() => setEditing({ kind: 'new' })}>{t('manage.vacations.create')}</Button>
        </Group>
      </Group>
      {result && (
        <FormAlert tone="success" withCloseButton onClose={() => setResult(undefined)} closeButtonLabel={t('management:close')}>
          {result}
        </FormAlert>
      )}
      {vacations.data.length === 0 ? (
        <Text>{t('manage.vacations.none')}</Text>
      ) : (
        <ManageTable
          minWidth={640}
          columns={[t('manage.vacations.absent'), t('manage.vacations.type'), t('manage.vacations.from'), t('manage.vacations.substitute')]}
          actionsLabel={t('manage.actions')}
        >
          {vacations.data.map((vacation) => {
            const name = nameOf(setup.processors, vacation.absent_processor_id);
            return (
              <Table.Tr key={vacation.id} data-vacation={vacation.id}>
                <Table.Td fw={600}>{name}</Table.Td>
                <Table.Td>{t(`manage.vacations.types.${vacation.type}`)}</Table.Td>
                <Table.Td>{when(vacation)}</Table.Td>
                <Table.Td>{vacation.substitute_processor_id ? nameOf(setup.processors, vacation.substitute_processor_id) : '—'}</Table.Td>
                <RowActions>
                  <EditButton label={t('manage.vacations.edit', { name })} onClick={() => setEditing({ kind: 'edit', vacation })} />
                  <ConfirmedDelete
                    label={t('manage.vacations.delete', { name })}
                    title={t('manage.vacations.deleteTitle')}
                    question={t('manage.vacations.deleteQuestion', { name })}
                    confirm={t('manage.deleteConfirm')}
                    path={`/vacations/${vacation.id}`}
                    invalidate={[queryKeys.vacations.all]}
                    onDeleted={markSaved}
                  />
                </RowActions>
              </Table.Tr>
            );
          })}
        </ManageTable>
      )}
      {editing && (
        <VacationForm
          key={editing.kind === 'edit' ? editing.vacation.id : 'new'}
          vacation={editing.kind === 'edit' ? editing.vacation : undefined}
          processors={setup.processors}
          timeZone={timeZone}
          onClose={() => setEditing(undefined)}
          onSaved={(message) => {
            setEditing(undefined);
            setResult(message);
            markSaved();
          }}
        />
      )}
    </Stack>
  );
}
