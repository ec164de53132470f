import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Queue } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';

/** A new list the schedule has open right now, and until when (the location's local time). */
export interface OpenableList {
  queue: Queue;
  closesAt: string | null;
}

/**
 * Between the lists and the devices: a list set up during its opening hours would otherwise
 * wait for tomorrow's scheduled start (issue 40 §7). The server decides "during its hours" on
 * its clock in the location's zone; here the owner says yes (the list opens now, as the START
 * button would) or later. The question takes the focus, so a keyboard user lands on it.
 */
export function OpenNowQuestion({ lists, onDone }: { lists: OpenableList[]; onDone: () => void }) {
  const { t } = useTranslation('onboarding');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const names = lists.map(({ queue, closesAt }) => (closesAt ? t('openNow.until', { name: queue.name, time: closesAt }) : queue.name)).join(', ');

  const open = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      for (const { queue } of lists) await api.post(`/queues/${queue.id}/session`, { event: 'START' }, { silent: true });
      onDone();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" mt="md" component="section" aria-labelledby="open-now-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="open-now-title" ref={heading} tabIndex={-1}>
          {t('openNow.title')}
        </Title>
        <Text>{t('openNow.text', { lists: names })}</Text>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <Group>
          <Button onClick={() => void open()} loading={busy}>
            {t('openNow.yes')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={busy}>
            {t('openNow.later')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
