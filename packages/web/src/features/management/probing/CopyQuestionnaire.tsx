import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProbingVariant } from '@wartefrei/shared';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { FormAlert } from '../../../ui/FormAlert';

/**
 * Copies the shown variant's questions into the other one, after a confirmation: the copy
 * replaces the other variant's questions and deletes the answers given to them
 * (docs/product.md#states-and-transitions). A refusal (a web page answer into the kiosk) names the answer.
 */
export function CopyQuestionnaire({ profileId, from, onCopied }: { profileId: string; from: ProbingVariant; onCopied: () => void }) {
  const { t } = useTranslation(['management']);
  const client = useQueryClient();
  const to: ProbingVariant = from === 'ONLINE' ? 'KIOSK' : 'ONLINE';
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const copy = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await api.post(`/profiles/${profileId}/probing/copy`, { from, to }, { silent: true });
      await client.invalidateQueries({ queryKey: queryKeys.probing.all });
      setAsking(false);
      onCopied();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const target = t(`probing.variants.${to}`);
  return (
    <>
      <Button variant="default" onClick={() => setAsking(true)} disabled={profileId === ''}>
        {t('probing.copy', { to: target })}
      </Button>
      {asking && (
        <Modal opened onClose={() => setAsking(false)} title={t('probing.copyTitle', { to: target })} closeButtonProps={{ 'aria-label': t('close') }}>
          <Stack gap="md">
            <Text>{t('probing.copyQuestion', { from: t(`probing.variants.${from}`), to: target })}</Text>
            {failure && <FormAlert tone="error">{failure}</FormAlert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
                {t('cancel')}
              </Button>
              <Button color="red.8" loading={busy} onClick={() => void copy()}>
                {t('probing.copyConfirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
