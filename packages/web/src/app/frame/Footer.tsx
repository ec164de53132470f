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
        <Group gap="md" component="nav" aria-label={t('footer.links')}>
          <Anchor component={Link} to="/pricing" size="sm">
            {t('routes.pricing')}
          </Anchor>
          <Anchor component={Link} to="/faq" size="sm">
            {t('routes.faq')}
          </Anchor>
          <Anchor href="/docs" size="sm">
            {t('footer.api')}
          </Anchor>
          <Anchor component={Link} to="/datenschutz" size="sm">
            {t('routes.privacy')}
          </Anchor>
          <Anchor component={Link} to="/agb" size="sm">
            {t('routes.terms')}
          </Anchor>
          <Anchor component={Link} to="/impressum" size="sm">
            {t('routes.imprint')}
          </Anchor>
        </Group>
      </Group>
    </Container>
  );
}
