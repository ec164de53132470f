import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemInformation } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const CHECK_EVERY_MS = 5 * 60_000;

/** Offers a reload when the server reports a new versionHash (a new web build was deployed). */
export function VersionWatcher() {
  const { t } = useTranslation('common');
  const loadedWith = useRef<string | undefined>(undefined);
  const { data } = useQuery({
    queryKey: queryKeys.systemInformation,
    queryFn: () => api.get<SystemInformation>('/system-information', { silent: true }),
    refetchInterval: CHECK_EVERY_MS,
    refetchOnWindowFocus: true,
  });

  useEffect(() => {
    if (!data) return;
    loadedWith.current ??= data.versionHash;
    if (data.versionHash === loadedWith.current) return;
    notifications.show({
      id: 'new-version',
      title: t('version.title'),
      message: (
        <>
          {t('version.message')}{' '}
          <Button size="xs" mt="xs" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>
        </>
      ),
      autoClose: false,
      closeButtonProps: { 'aria-label': t('actions.close') },
    });
  }, [data, t]);

  return null;
}
