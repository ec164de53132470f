import { Badge, Button, Group, Menu, Switch } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnQueue, SetOwnQueueActiveInput } from '@wartefrei/shared';
import { setOwnQueueActive } from './processor.api';
import { queryKeys } from '../../lib/query-keys';

const PAUSE_MINUTES = [15, 30, 60];

/**
 * Actively processing (calls reach this person) or only managing the list (docs/product.md#roles-and-permissions). While
 * active, "Pause für …" switches off for 15/30/60 minutes with the return announced; while on such
 * a pause it shows until when, and the switch brings the processor back earlier.
 */
export function ActiveSwitch({ own }: { own: OwnQueue }) {
  const { t, i18n } = useTranslation('processor');
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: (input: SetOwnQueueActiveInput) => setOwnQueueActive(own.queue_id, input),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.ownQueues }),
  });
  const pausedUntil = own.active ? null : own.inactive_until;
  useRefetchAtReturn(pausedUntil);
  const checked = toggle.isPending ? toggle.variables.active : own.active;
  const time = pausedUntil ? new Date(pausedUntil).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }) : '';
  const description = checked ? t('active.on') : pausedUntil ? t('active.pausedUntilHint', { time }) : t('active.off');

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Switch
        checked={checked}
        onChange={(event) => toggle.mutate({ active: event.currentTarget.checked })}
        disabled={toggle.isPending}
        label={t('active.label')}
        description={description}
      />
      {own.active && (
        <Menu position="bottom-start">
          <Menu.Target>
            <Button size="xs" variant="default" disabled={toggle.isPending} rightSection={<IconChevronDown size={14} aria-hidden />}>
              {t('active.pauseFor')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {PAUSE_MINUTES.map((minutes) => (
              <Menu.Item key={minutes} onClick={() => toggle.mutate({ active: false, until: new Date(Date.now() + minutes * 60_000).toISOString() })}>
                {t('active.minutes', { count: minutes })}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {pausedUntil && !toggle.isPending && (
        <Badge color="yellow.4" autoContrast size="lg" role="status">
          {t('active.pausedUntil', { time })}
        </Badge>
      )}
    </Group>
  );
}

/** At the announced return the server reads the processor as active again: show it then. */
function useRefetchAtReturn(until: string | null | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!until) return undefined;
    // A second late, so the server's clock has surely passed it; at once if it already has.
    const delay = Math.max(0, new Date(until).getTime() - Date.now() + 1_000);
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: queryKeys.ownQueues }), delay);
    return () => clearTimeout(timer);
  }, [until, client]);
}
