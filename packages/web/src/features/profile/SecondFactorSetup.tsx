import { Alert } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getUser, setUser } from '../../lib/session';
import { Page } from '../../ui/Page';
import { SecondFactorsCard } from './SecondFactorsCard';

/**
 * What a member sees, and all they can do, while their practice requires a second factor they
 * have not set up (the server answers 403 SECOND_FACTOR_SETUP_REQUIRED everywhere else).
 */
export function SecondFactorSetup() {
  const { t } = useTranslation('profile');
  const client = useQueryClient();
  const done = () => {
    const user = getUser();
    if (user) {
      const { second_factor_setup_required: _done, ...rest } = user;
      setUser(rest);
    }
    void client.invalidateQueries({ queryKey: ['auth'] });
  };
  return (
    <Page title={t('secondFactor.setupTitle')} size="sm">
      <Alert color="blue" icon={<IconShieldLock aria-hidden />}>
        {t('secondFactor.setupRequired')}
      </Alert>
      <SecondFactorsCard onActivated={done} />
    </Page>
  );
}
