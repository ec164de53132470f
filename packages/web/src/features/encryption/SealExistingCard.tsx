import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledCard } from '../../ui/TitledCard';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { notifyDone, notifyFailure } from '../processor/notify';
import { encryptionKeys, fetchClear } from './encryption.api';
import { sealExisting } from './seal-existing';

/** Admins while encrypting: how many records from before the switch are still in the clear, and sealing them. */
export function SealExistingCard() {
  const { t } = useTranslation('encryption');
  const client = useQueryClient();
  const clear = useQuery({ queryKey: encryptionKeys.clear, queryFn: fetchClear });
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [stuck, setStuck] = useState<number>();

  const run = async () => {
    setStuck(undefined);
    setProgress({ done: 0, total: clear.data?.remaining ?? 0 });
    try {
      const result = await sealExisting((done, total) => setProgress({ done, total }));
      if (result.left > 0) setStuck(result.left);
      else notifyDone(t('sealExisting.done', { count: result.sealed }));
    } catch (error) {
      notifyFailure(error);
    } finally {
      setProgress(undefined);
      await client.invalidateQueries({ queryKey: encryptionKeys.clear });
    }
  };

  return (
    <TitledCard id="seal-existing-title" title={t('sealExisting.title')} gap="sm">
      {clear.isPending ? (
        <Loader size="sm" aria-label={t('sealExisting.loading')} />
      ) : clear.isError ? (
        <LoadFailedAlert size="sm" message={t('sealExisting.loadFailed')} retryLabel={t('sealExisting.retry')} onRetry={() => void clear.refetch()} />
      ) : clear.data.remaining === 0 ? (
        <Text size="sm" data-testid="seal-existing-none">
          {t('sealExisting.none')}
        </Text>
      ) : (
        <>
          <Text size="sm">{t('sealExisting.text')}</Text>
          <Text size="sm" fw={600} data-testid="seal-existing-remaining">
            {t('sealExisting.remaining', { count: clear.data.remaining })}
          </Text>
          {progress && (
            <Text size="sm" role="status">
              {t('sealExisting.progress', progress)}
            </Text>
          )}
          {stuck !== undefined && (
            <Alert color="yellow" role="alert">
              {t('sealExisting.stuck', { count: stuck })}
            </Alert>
          )}
          <Group>
            <Button loading={progress !== undefined} onClick={() => void run()}>
              {t('sealExisting.start')}
            </Button>
          </Group>
        </>
      )}
    </TitledCard>
  );
}
