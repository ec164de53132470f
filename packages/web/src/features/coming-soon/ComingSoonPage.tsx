import { Alert, Anchor, Text } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { currentHandle } from '../../app/route-handle';
import { Page } from '../../ui/Page';

/** The staff screens that later issues fill: their own title and a clear word, never a blank page. */
export function ComingSoonPage() {
  const { t } = useTranslation('common');
  const handle = currentHandle(useMatches());
  const screen = t(`routes.${handle?.title ?? 'dashboard'}`);
  return (
    <Page title={t('comingSoon.title', { screen })}>
      <Alert icon={<IconTools aria-hidden />} variant="light" data-screen={handle?.screen}>
        <Text>{t('comingSoon.message')}</Text>
      </Alert>
      <Anchor component={Link} to="/backend/dashboard">
        {t('routes.dashboard')}
      </Anchor>
    </Page>
  );
}
