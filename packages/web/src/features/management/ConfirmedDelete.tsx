import { ActionIcon, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpcomingAppointmentsError } from '@wartefrei/shared';
import { api, ApiRequestError } from '../../lib/api';
import { UpcomingChoice, type HandoverChoice, type HandoverTargets } from './UpcomingChoice';

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
  /**
   * Where booked appointments can go when the server refuses while there are any (409
   * QUEUE_HAS_APPOINTMENTS, PROCESSOR_HAS_APPOINTMENTS); without it they can only be cancelled.
   */
  handover?: HandoverTargets;
  /** Why deleting is refused here (the public demo): the button is disabled and its name says why. */
  lockedReason?: string;
}

const HAS_APPOINTMENTS = ['QUEUE_HAS_APPOINTMENTS', 'PROCESSOR_HAS_APPOINTMENTS'];

/**
 * The bin button of every management list: it asks before it deletes (Cancel has the focus, so
 * Enter does no harm), calls DELETE, refreshes what showed the thing, and says why it failed.
 * When booked appointments stand in the way, the dialog names them and asks what becomes of
 * them (UpcomingChoice) before it deletes again with that choice.
 */
export function ConfirmedDelete({
  label: plainLabel,
  title,
  question,
  confirm,
  path,
  invalidate,
  onDeleted,
  disabled: plainDisabled = false,
  handover,
  lockedReason,
}: ConfirmedDeleteProps) {
  const label = lockedReason ? `${plainLabel} – ${lockedReason}` : plainLabel;
  const disabled = plainDisabled || lockedReason !== undefined;
  const { t } = useTranslation('management');
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [upcoming, setUpcoming] = useState<UpcomingAppointmentsError>();
  const [choice, setChoice] = useState<HandoverChoice>({ appointments: 'cancel' });
  const close = () => {
    setAsking(false);
    setUpcoming(undefined);
    setFailure(undefined);
    setChoice({ appointments: 'cancel' });
  };
  const remove = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const query = upcoming ? { appointments: choice.appointments, ...('to' in choice && choice.to ? { to: choice.to } : {}) } : undefined;
      await api.delete(path, { silent: true, ...(query ? { query } : {}) });
      await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
      close();
      onDeleted();
    } catch (error) {
      if (error instanceof ApiRequestError && HAS_APPOINTMENTS.includes(error.code ?? '') && error.body?.count !== undefined) {
        setUpcoming({ ...(error.body as UpcomingAppointmentsError) });
      } else {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  };
  const incomplete = upcoming !== undefined && choice.appointments !== 'cancel' && !('to' in choice && choice.to);
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color="red" aria-label={label} disabled={disabled} onClick={() => setAsking(true)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={asking} onClose={close} title={title} closeButtonProps={{ 'aria-label': t('close') }}>
        <Text>{question}</Text>
        {upcoming && <UpcomingChoice upcoming={upcoming} targets={handover} choice={choice} onChange={setChoice} />}
        {failure && (
          <Text c="red.8" role="alert" mt="sm">
            {failure}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close} data-autofocus>
            {t('cancel')}
          </Button>
          {/* Shade 9: white on the theme's red (shade 7) falls short of 4.5:1. */}
          <Button color="red.9" loading={busy} disabled={incomplete} onClick={() => void remove()}>
            {confirm}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
