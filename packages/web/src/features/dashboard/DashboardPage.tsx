import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../lib/session';
import { Page } from '../../ui/Page';

/** /backend/dashboard: the greeting and, until waiting lists exist here, where to go next. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useUser();
  // The backend guard renders this page only for a signed-in user.
  if (!user) return null;
  return (
    <Page title={t('greeting', { name: user.display_name })}>
      <Text>{t('intro')}</Text>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" component="section" aria-labelledby="dashboard-empty">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconListNumbers size={28} />
          </ThemeIcon>
          <Title order={2} size="h3" id="dashboard-empty">
            {t('empty.title')}
          </Title>
          <Text>{t('empty.message')}</Text>
          <Text>{user.is_admin ? t('empty.adminMessage') : t('empty.processorMessage')}</Text>
          <Group gap="sm">
            <Button component={Link} to="/backend/processor">
              {t('toProcessor')}
            </Button>
            {user.is_admin && (
              <Button component={Link} to="/backend/management" variant="default">
                {t('toManagement')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Page>
  );
}
