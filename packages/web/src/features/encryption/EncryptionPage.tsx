import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/session';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { Page } from '../../ui/Page';
import { AccessCard } from './AccessCard';
import { EnableCard } from './EnableCard';
import { OwnKeyCard } from './OwnKeyCard';
import { RecoveryCard } from './RecoveryCard';
import { RequestsCard } from './RequestsCard';
import { SealExistingCard } from './SealExistingCard';
import { SwitchOffCard } from './SwitchOffCard';
import { useEncryption } from './useEncryption';

/**
 * `/backend/encryption` ("Sicherheit"): end-to-end encryption of patient data. Every user keeps
 * their own key here; admins switch encryption on, approve requests by fingerprint and recover
 * with the printed code. Every key is made and opened in this browser (docs/security.md#encryption).
 */
export function EncryptionPage() {
  const { t } = useTranslation('encryption');
  const user = useUser();
  const { state, replace, reopen } = useEncryption();
  const isAdmin = !!user?.is_admin;
  // The practice's key exists: on, or switching off (kept until nothing is sealed).
  const hasKey = !!state.data && (state.data.enabled || state.data.switching_off);
  return (
    <Page title={t('title')}>
      <Stack gap="xs">
        <Text>{t('intro')}</Text>
        <Text size="sm" c="dimmed">
          {t('readable')}
        </Text>
      </Stack>
      {state.isPending ? (
        <Loader aria-label={t('loading')} />
      ) : state.isError ? (
        <LoadFailedAlert message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void state.refetch()} />
      ) : (
        <Stack gap="lg">
          <Group gap="xs">
            <Text fw={600}>{t('status.title')}:</Text>
            <Badge color={state.data.enabled ? undefined : state.data.switching_off ? 'yellow.9' : 'gray.7'} variant="filled" size="lg" data-testid="encryption-status">
              {state.data.enabled ? t('status.on') : state.data.switching_off ? t('status.switchingOff') : t('status.off')}
            </Badge>
          </Group>
          <OwnKeyCard state={state.data} replace={replace} reopen={() => void reopen()} />
          {!hasKey &&
            (isAdmin ? (
              <EnableCard state={state.data} replace={replace} reopen={() => void reopen()} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('enable.onlyAdmins')}
              </Text>
            ))}
          {state.data.enabled && <AccessCard state={state.data} replace={replace} />}
          {state.data.enabled && isAdmin && <SealExistingCard />}
          {state.data.enabled && isAdmin && <RequestsCard />}
          {hasKey && isAdmin && state.data.my_access?.status !== 'APPROVED' && <RecoveryCard state={state.data} replace={replace} reopen={() => void reopen()} />}
          {hasKey && isAdmin && <SwitchOffCard replace={replace} reopen={() => void reopen()} resuming={state.data.switching_off} />}
        </Stack>
      )}
    </Page>
  );
}
