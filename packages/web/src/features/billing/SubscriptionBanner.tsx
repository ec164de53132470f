import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccount } from '../../lib/account';
import { useUser } from '../../lib/session';

/**
 * The staff's warning while the practice does not pay: `notPaid` (intake still open, the day it
 * closes) and `deactivated` (closed; data stays readable). Admins get the way to billing.
 */
export function SubscriptionBanner() {
  const { t, i18n } = useTranslation('billing');
  const account = useAccount({ silent: true });
  const isAdmin = useUser()?.is_admin ?? false;
  const state = account.data?.subscription_state;
  if (state !== 'notPaid' && state !== 'deactivated') return null;
  const until = account.data?.deactivation_at;
  const text =
    state === 'notPaid'
      ? t('banner.notPaid', { date: until ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(until)) : '—' })
      : t('banner.deactivated');
  return (
    <Alert color={state === 'deactivated' ? 'red' : 'orange'} icon={<IconAlertTriangle aria-hidden />} role="alert" mb="md" data-subscription-banner={state}>
      {text}{' '}
      {isAdmin ? (
        <Anchor component={Link} to="/backend/management/billing" fw={600}>
          {t('banner.toBilling')}
        </Anchor>
      ) : (
        t('banner.askAdmin')
      )}
    </Alert>
  );
}
