import { ActionIcon, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Processor } from '@wartefrei/shared';
import { api } from '../../lib/api';

/** Deleting a processor, after a confirmation; one's own account cannot be deleted here. */
export function DeleteProcessor({ processor, isMe, onDeleted }: { processor: Processor; isMe: boolean; onDeleted: () => void }) {
  const { t } = useTranslation('management');
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const label = isMe ? t('processors.notYourself') : t('processors.delete', { name: processor.display_name });
  const confirm = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await api.delete(`/processors/${processor.id}`, { silent: true });
      await client.invalidateQueries({ queryKey: ['processors'] });
      await client.invalidateQueries({ queryKey: ['queue-processors'] });
      setAsking(false);
      onDeleted();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color="red" aria-label={label} disabled={isMe} onClick={() => setAsking(true)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('processors.deleteTitle')} closeButtonProps={{ 'aria-label': t('close') }}>
        <Text>{t('processors.deleteQuestion', { name: processor.display_name })}</Text>
        {failure && (
          <Text c="red.8" role="alert" mt="sm">
            {failure}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
            {t('cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {t('processors.deleteConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
