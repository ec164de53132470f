import { Anchor, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <Container component="footer" size="lg" py="lg" w="100%">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('footer.tagline')}
        </Text>
        <Group gap="md">
          <Anchor component={Link} to="/pricing" size="sm">
            {t('routes.pricing')}
          </Anchor>
          <Anchor component={Link} to="/faq" size="sm">
            {t('routes.faq')}
          </Anchor>
          <Anchor href="/docs" size="sm">
            {t('footer.api')}
          </Anchor>
        </Group>
      </Group>
    </Container>
  );
}
