import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Profile, Queue } from '@wartefrei/shared';
import { useAccount } from '../../lib/account';
import { useSystemInformation } from '../../lib/system-information';

/** Step 3: any browser is a kiosk or a monitor; the links to try them now, and the way to order devices. */
export function DevicesStep({ profile, queues, onBack }: { profile: Profile; queues: Queue[]; onBack: () => void }) {
  const { t } = useTranslation('onboarding');
  const account = useAccount();
  const info = useSystemInformation();
  const first = queues[0];
  const base = account.data ? `/${account.data.identifier}/${profile.identifier}` : undefined;
  return (
    <Stack gap="md" mt="md">
      <Title order={2} size="h3">
        {t('devices.heading')}
      </Title>
      <Text>{t('devices.intro')}</Text>
      {base && first && (
        <>
          <Text fw={500}>{t('devices.try')}</Text>
          <List>
            <List.Item>
              <Anchor href={`${base}/${first.identifier}`} target="_blank">
                {t('devices.drawLink')}
              </Anchor>
            </List.Item>
            <List.Item>
              <Anchor href={`${base}/kiosk`} target="_blank">
                {t('devices.kioskLink')}
              </Anchor>
            </List.Item>
            <List.Item>
              <Anchor href={`${base}/${first.identifier}/monitor`} target="_blank">
                {t('devices.monitorLink')}
              </Anchor>
            </List.Item>
          </List>
        </>
      )}
      {/* Devices are ordered only where this server bills (Stripe); a self-hosted one sells none (issue 40 §10). */}
      {info.data?.payment_configured === true && (
        <Anchor component={Link} to="/backend/management/billing#devices">
          {t('devices.orderLink')}
        </Anchor>
      )}
      {info.data?.payment_configured === false && <Text c="dimmed">{t('devices.selfHosted')}</Text>}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('back')}
        </Button>
        <Group>
          <Button variant="default" component={Link} to="/backend/dashboard">
            {t('toDashboard')}
          </Button>
          <Button component={Link} to={first ? `/backend/processor/${first.id}` : '/backend/processor'}>
            {t('finish')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
