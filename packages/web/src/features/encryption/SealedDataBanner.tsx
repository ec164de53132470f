import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHeldAccountKey } from '../../lib/keyring';
import { UnlockForm } from './UnlockForm';
import { useEncryption } from './useEncryption';

/**
 * On screens that show patients while the practice encrypts and this tab holds no key: why the
 * names are hidden, and the passphrase that opens them right here (or where to ask for access).
 */
export function SealedDataBanner() {
  const { t } = useTranslation('encryption');
  const held = useHeldAccountKey();
  const { state, reopen } = useEncryption();
  if (held || !state.data?.enabled) return null;
  const granted = state.data.my_access?.status === 'APPROVED' && state.data.my_key;
  return (
    <Alert color="yellow" variant="light" component="section" aria-label={t('title')}>
      <Stack gap="xs">
        <Text size="sm">{granted ? t('banner.locked') : t('banner.noAccess')}</Text>
        {granted && <UnlockForm state={state.data} onUnlocked={() => void reopen()} compact />}
        <Anchor component={Link} to="/backend/encryption" size="sm">
          {t('banner.open')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
