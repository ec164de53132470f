import { ActionIcon, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

interface ConfirmedDeleteProps {
  /** The bin's accessible name, e.g. "Standort Wien löschen" (or why it is disabled). */
  label: string;
  title: string;
  question: string;
  confirm: string;
  /** The DELETE path. */
  path: string;
  /** The queries that show what was deleted. */
  invalidate: QueryKey[];
  onDeleted: () => void;
  disabled?: boolean;
  /** Why deleting is refused here (the public demo): the button is disabled and its name says why. */
  lockedReason?: string;
}

/**
 * The bin button of every management list: it asks before it deletes (Cancel has the focus, so
 * Enter does no harm), calls DELETE, refreshes what showed the thing, and says why it failed.
 */
export function ConfirmedDelete({ label: plainLabel, title, question, confirm, path, invalidate, onDeleted, disabled: plainDisabled = false, lockedReason }: ConfirmedDeleteProps) {
  const label = lockedReason ? `${plainLabel} – ${lockedReason}` : plainLabel;
  const disabled = plainDisabled || lockedReason !== undefined;
  const { t } = useTranslation('management');
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const remove = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await api.delete(path, { silent: true });
      await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
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
        <ActionIcon variant="subtle" color="red" aria-label={label} disabled={disabled} onClick={() => setAsking(true)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={asking} onClose={() => setAsking(false)} title={title} closeButtonProps={{ 'aria-label': t('close') }}>
        <Text>{question}</Text>
        {failure && (
          <Text c="red.8" role="alert" mt="sm">
            {failure}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
            {t('cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void remove()}>
            {confirm}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
