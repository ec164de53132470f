import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconHome, IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../lib/session';
import { Page } from '../../ui/Page';

/** Where unknown paths end up (/404): a plain word and the way back. */
export function NotFoundPage() {
  const { t } = useTranslation('notFound');
  const user = useUser();

  return (
    <Page title={t('title')}>
      <Text size="lg">{t('text')}</Text>
      <Text>{t('ticketHint')}</Text>
      <Group gap="sm">
        <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden />}>
          {t('home')}
        </Button>
        {user && (
          <Button component={Link} to="/backend/dashboard" variant="outline" leftSection={<IconLayoutDashboard size={18} aria-hidden />}>
            {t('dashboard')}
          </Button>
        )}
      </Group>
      <Anchor component={Link} to="/faq">
        {t('faq')}
      </Anchor>
    </Page>
  );
}
