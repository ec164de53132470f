import { Anchor, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The footer's links, in order: the site's pages, the API, and what the law asks to be one click away. */
const LINKS = [
  { to: '/pricing', title: 'routes.pricing' },
  { to: '/faq', title: 'routes.faq' },
  { to: '/docs', title: 'footer.api', external: true },
  { to: '/datenschutz', title: 'routes.privacy' },
  { to: '/agb', title: 'routes.terms' },
  { to: '/impressum', title: 'routes.imprint' },
];

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <Container component="footer" size="lg" py="lg" w="100%">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('footer.tagline')}
        </Text>
        <Group gap="md" component="nav" aria-label={t('footer.links')}>
          {LINKS.map((link) =>
            // The API documentation is served by the server, outside the app's router.
            link.external ? (
              <Anchor key={link.to} href={link.to} size="sm">
                {t(link.title)}
              </Anchor>
            ) : (
              <Anchor key={link.to} component={Link} to={link.to} size="sm">
                {t(link.title)}
              </Anchor>
            ),
          )}
        </Group>
      </Group>
    </Container>
  );
}
