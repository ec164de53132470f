import { NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { offersOf, useSystemInformation } from '../../lib/system-information';
import { PageIcon } from './PageIcon';

// `data-tour` names each entry for the tutorial (features/tutorial/steps.ts).
const BACKEND_ITEMS = [
  { to: '/backend/dashboard', title: 'dashboard' },
  { to: '/backend/processor', title: 'processor' },
  { to: '/backend/appointments', title: 'appointments' },
  { to: '/backend/reporting', title: 'reporting' },
  { to: '/backend/management', title: 'management', admin: true },
  { to: '/backend/audit', title: 'audit', admin: true },
  { to: '/backend/encryption', title: 'encryption' },
  { to: '/backend/profile', title: 'profile' },
];

const PUBLIC_ITEMS = [
  { to: '/', title: 'landing', icon: 'home' },
  { to: '/pricing', title: 'pricing' },
  { to: '/demo', title: 'demo' },
  { to: '/faq', title: 'faq' },
  { to: '/login', title: 'login' },
];

/** The side menu of the logged-in area; on public pages (mobile only) the site's pages. */
export function SideMenu({ backend, isAdmin }: { backend: boolean; isAdmin: boolean }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  // The demo only where this server has one (issue 40 §9).
  const { demo } = offersOf(useSystemInformation().data);
  const items = backend ? BACKEND_ITEMS.filter((item) => !item.admin || isAdmin) : PUBLIC_ITEMS.filter((item) => item.to !== '/demo' || demo);
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            component={RouterNavLink}
            to={item.to}
            end={item.to === '/'}
            label={t(`routes.${item.title}`)}
            leftSection={<PageIcon name={'icon' in item ? item.icon : item.title} />}
            active={item.to === '/' ? pathname === '/' : pathname.startsWith(item.to)}
            data-tour={item.title}
          />
        </li>
      ))}
    </Stack>
  );
}
