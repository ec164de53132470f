import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../../ui/reduced-motion.css';
import { AppShell, MantineProvider } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { hasValidToken, useUser } from '../../lib/session';
import { createQueryClient } from '../query-client';
import { currentHandle } from '../route-handle';
import { cssVariablesResolver, theme } from '../theme';
import { ApiEventBridge } from './ApiEventBridge';
import { Footer } from './Footer';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { VersionWatcher } from './VersionWatcher';
import classes from './AppFrame.module.css';

// TanStack Query lives here, not in the entry: patient screens fetch without it and stay small.
const queryClient = createQueryClient();

/** The frame of public pages and the logged-in area: header, side menu, footer, dialogs. */
export function AppFrame() {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Notifications position="top-right" limit={4} />
        <ApiEventBridge />
        <VersionWatcher />
        <FrameShell />
      </MantineProvider>
    </QueryClientProvider>
  );
}

function FrameShell() {
  const { t } = useTranslation('common');
  const [navOpened, nav] = useDisclosure(false);
  const location = useLocation();
  const handle = currentHandle(useMatches());
  const user = useUser();
  const inBackend = location.pathname.startsWith('/backend');
  const withSideMenu = inBackend && hasValidToken(user) && !handle?.hideSideMenu;

  // Navigating closes the mobile menu (close is stable; the handlers object is not).
  const closeNav = nav.close;
  useEffect(() => closeNav(), [location.pathname, closeNav]);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: !navOpened, desktop: !withSideMenu } }} padding={0}>
      <a href="#main" className={classes.skipLink}>
        {t('header.skipToContent')}
      </a>
      <AppShell.Header data-tour="header">
        <Header navOpened={navOpened} onToggleNav={nav.toggle} handle={handle} inBackend={withSideMenu} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t(withSideMenu ? 'header.mainNavigation' : 'header.publicNavigation')}>
        <SideMenu backend={withSideMenu} isAdmin={!!user?.is_admin} />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        {/* AppShell.Main is the <main> landmark; this is the skip link's target. */}
        <div id="main" tabIndex={-1} className={classes.content}>
          <Outlet />
        </div>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
