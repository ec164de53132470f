import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetPracticeKey, trustServedKey, usePracticeKey } from './practice-key';

/**
 * On every staff screen: a warning while the practice key the server serves is not the one this
 * device trusts (practice-key.ts). Nothing is sealed for it meanwhile. Where this tab holds the
 * served key unlocked (the practice really has a new key), the new key can be pinned here.
 */
export function PracticeKeyBanner() {
  const { t } = useTranslation('encryption');
  const { served, verdict, refresh } = usePracticeKey();
  const [busy, setBusy] = useState(false);
  if (!verdict || (verdict.kind !== 'heldDiffers' && verdict.kind !== 'pinDiffers' && verdict.kind !== 'offButPinned')) return null;
  const trust = async () => {
    setBusy(true);
    try {
      if (served && (await trustServedKey(served))) await refresh();
    } finally {
      setBusy(false);
    }
  };
  if (verdict.kind === 'offButPinned') {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} title={t('pin.offTitle')} data-testid="practice-key-warning">
        <Stack gap="xs">
          <Text size="sm">{t('pin.offButPinned')}</Text>
          <Button
            size="xs"
            variant="default"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => {
              forgetPracticeKey();
              void refresh();
            }}
          >
            {t('pin.confirmOff')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} title={t('pin.title')} data-testid="practice-key-warning">
      <Stack gap="xs">
        {verdict.kind === 'heldDiffers' ? (
          <Text size="sm">{t('pin.heldDiffers')}</Text>
        ) : (
          <>
            <Text size="sm">{t('pin.pinDiffers', { pinned: verdict.pinnedTag, served: verdict.servedTag })}</Text>
            <Text size="sm">{verdict.canRepin ? t('pin.canRepin') : t('pin.unlockToCheck')}</Text>
            {verdict.canRepin && (
              <Button size="xs" variant="default" loading={busy} onClick={() => void trust()} style={{ alignSelf: 'flex-start' }}>
                {t('pin.trust')}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Alert>
  );
}
