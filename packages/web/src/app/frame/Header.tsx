import { Anchor, Avatar, Burger, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLanguage, IconListNumbers } from '@tabler/icons-react';
import { LANGUAGE_NAMES, OFFERED_LANGS, type SupportedLang } from '@wartefrei/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { getUser, hasValidToken, setUser, useUser } from '../../lib/session';
import { changeLanguage, currentLanguage } from '../../i18n';
import type { RouteHandle } from '../route-handle';
import { PageIcon } from './PageIcon';
import { offerTutorial } from '../../features/tutorial/tutorial-state';
import { offersOf, useSystemInformation } from '../../lib/system-information';
import classes from './Header.module.css';

interface HeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
  handle: RouteHandle | undefined;
  inBackend: boolean;
}

/** Logo, page title with icon, language, and the user's menu (docs/product.md#screens-and-routes "Header"). */
export function Header({ navOpened, onToggleNav, handle, inBackend }: HeaderProps) {
  const { t } = useTranslation('common');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0} className={classes.start}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="md" size="sm" aria-label={t(navOpened ? 'header.closeNavigation' : 'header.openNavigation')} />
        <Anchor component={Link} to="/" className={classes.logo} aria-label={t('header.home')} underline="never">
          <IconListNumbers size={26} aria-hidden />
          <span className={classes.wideOnly}>{t('productName')}</span>
        </Anchor>
        {handle && (
          <Group gap={6} wrap="nowrap" visibleFrom="sm" className={classes.pageTitle} data-testid="page-title">
            <PageIcon name={handle.icon} />
            <Text fw={600} truncate>
              {t(`routes.${handle.title}`)}
            </Text>
          </Group>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {!inBackend && <PublicLinks />}
        <LanguageMenu />
        <UserMenu />
      </Group>
    </Group>
  );
}

function PublicLinks() {
  const { t } = useTranslation('common');
  // The demo only where this server has one (issue 40 §9).
  const { demo } = offersOf(useSystemInformation().data);
  return (
    <Group gap="md" visibleFrom="md" mr="sm" component="nav" aria-label={t('header.publicNavigation')}>
      {(['pricing', 'demo', 'faq'] as const)
        .filter((page) => page !== 'demo' || demo)
        .map((page) => (
          <Anchor key={page} component={Link} to={`/${page}`} fw={500}>
            {t(`routes.${page}`)}
          </Anchor>
        ))}
    </Group>
  );
}

function LanguageMenu() {
  const { t } = useTranslation('common');
  const lang = currentLanguage();
  const choose = async (next: SupportedLang) => {
    await changeLanguage(next);
    // The signed-in user's language also decides their mails: keep the server in step.
    const user = getUser();
    if (hasValidToken(user) && user.lang !== next) {
      api.patch<typeof user>('/users/me', { lang: next }, { silent: true }).then(
        (updated) => setUser({ ...user, ...updated, token: user.token, token_valid_until: user.token_valid_until }),
        () => undefined,
      );
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.control} aria-label={`${t('header.language')}: ${LANGUAGE_NAMES[lang]}`} data-tour="language">
          <IconLanguage size={20} aria-hidden />
          <Text span fw={600} size="sm" tt="uppercase">
            {lang}
          </Text>
          <IconChevronDown size={14} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.language')}</Menu.Label>
        {OFFERED_LANGS.map((code) => (
          <Menu.Item key={code} onClick={() => void choose(code)} lang={code} aria-current={code === lang ? 'true' : undefined} fw={code === lang ? 700 : 400}>
            {LANGUAGE_NAMES[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((part) => /^\p{L}/u.test(part))
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

function UserMenu() {
  const { t } = useTranslation('common');
  const user = useUser();
  const signedIn = hasValidToken(user);
  const name = signedIn ? user.display_name : t('header.notLoggedIn');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.control} aria-label={`${t('header.userMenu')}: ${name}`} data-tour="user-menu">
          <Avatar size={30} radius="xl" color="brand" variant={signedIn ? 'filled' : 'light'}>
            {signedIn ? initials(user.display_name) : null}
          </Avatar>
          <Text size="sm" fw={500} truncate maw={180} data-testid="user-name" className={classes.wideOnly}>
            {name}
          </Text>
          <IconChevronDown size={14} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {signedIn ? (
          <>
            <Menu.Label>{user.username}</Menu.Label>
            <Menu.Item component={Link} to="/backend/dashboard" leftSection={<PageIcon name="dashboard" size={16} />}>
              {t('header.dashboard')}
            </Menu.Item>
            <Menu.Item component={Link} to="/backend/profile" leftSection={<PageIcon name="profile" size={16} />}>
              {t('header.profile')}
            </Menu.Item>
            <Menu.Item onClick={() => offerTutorial()} leftSection={<PageIcon name="demo" size={16} />}>
              {t('header.tutorial')}
            </Menu.Item>
            <Menu.Item component={Link} to="/faq" leftSection={<PageIcon name="faq" size={16} />}>
              {t('header.faq')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item component={Link} to="/logout" leftSection={<PageIcon name="logout" size={16} />}>
              {t('header.logout')}
            </Menu.Item>
          </>
        ) : (
          <>
            <Menu.Item component={Link} to="/login" leftSection={<PageIcon name="login" size={16} />}>
              {t('header.login')}
            </Menu.Item>
            <Menu.Item component={Link} to="/signup" leftSection={<PageIcon name="signup" size={16} />}>
              {t('header.signup')}
            </Menu.Item>
            <Menu.Item component={Link} to="/faq" leftSection={<PageIcon name="faq" size={16} />}>
              {t('header.faq')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
