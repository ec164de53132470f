import { Alert, Badge, Button, ColorSwatch, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InfoTag } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { InfoTagDelete } from './InfoTagDelete';
import { InfoTagForm } from './InfoTagForm';
import { useSavedFlag } from './useSavedFlag';
import { queryKeys } from '../../lib/query-keys';
import { SavedNote } from './SavedNote';
import { EditButton } from './EditButton';
import { ManageTable, RowActions } from './ManageTable';

/** Which form is open: a new tag, or the tag being edited. */
type Editing = { kind: 'new' } | { kind: 'edit'; tag: InfoTag };

/** The account's info tags (docs/product.md#validation-rules): list, create, edit, delete after confirmation. */
export function InfoTagsTab() {
  const { t } = useTranslation('management');
  const { saved, markSaved } = useSavedFlag();
  const [editing, setEditing] = useState<Editing>();
  const tags = useQuery({ queryKey: queryKeys.infoTags.all, queryFn: () => api.get<InfoTag[]>('/info-tags') });

  if (tags.isPending) return <Loader aria-label={t('loading')} />;
  if (tags.isError) return <Alert color="red">{t('loadFailed')}</Alert>;

  const close = () => setEditing(undefined);
  const delayOf = (tag: InfoTag) => (tag.delay === 'NONE' ? t('infotags.delays.NONE') : t(`infotags.delayShort.${tag.delay}`, { minutes: tag.delay_minutes }));
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text>{t('infotags.intro')}</Text>
        <Group gap="sm">
          <SavedNote saved={saved} />
          <Button onClick={() => setEditing({ kind: 'new' })}>{t('infotags.create')}</Button>
        </Group>
      </Group>
      {tags.data.length === 0 ? (
        <Text c="dimmed">{t('infotags.none')}</Text>
      ) : (
        <ManageTable minWidth={640} columns={[t('infotags.name'), t('infotags.label'), t('infotags.delay'), t('infotags.onTicket')]} actionsLabel={t('infotags.actions')}>
          {tags.data.map((tag) => (
            <Table.Tr key={tag.id} data-info-tag={tag.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {tag.color && <ColorSwatch color={tag.color} size={16} aria-hidden />}
                  <Text fw={600}>{tag.name}</Text>
                  {tag.time_priority && <Badge variant="light">{t('infotags.timePriorityBadge')}</Badge>}
                </Group>
              </Table.Td>
              <Table.Td>{tag.label}</Table.Td>
              <Table.Td>{delayOf(tag)}</Table.Td>
              <Table.Td>{tag.visible_on_ticket ? t('infotags.yes') : t('infotags.no')}</Table.Td>
              <RowActions>
                <EditButton label={t('infotags.edit', { name: tag.name })} onClick={() => setEditing({ kind: 'edit', tag })} />
                <InfoTagDelete tag={tag} onDeleted={markSaved} />
              </RowActions>
            </Table.Tr>
          ))}
        </ManageTable>
      )}
      {editing && (
        <InfoTagForm
          key={editing.kind === 'edit' ? editing.tag.id : 'new'}
          tag={editing.kind === 'edit' ? editing.tag : undefined}
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
