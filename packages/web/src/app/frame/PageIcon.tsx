import {
  IconCalendarEvent,
  IconChartBar,
  IconCurrencyEuro,
  IconDashboard,
  IconHelpCircle,
  IconHistory,
  IconHome,
  IconListNumbers,
  IconLock,
  IconLogin,
  IconLogout,
  IconPlayerPlay,
  IconRocket,
  IconSettings,
  IconUser,
  IconUserPlus,
  IconFileUnknown,
  IconScale,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<string, Icon> = {
  home: IconHome,
  pricing: IconCurrencyEuro,
  demo: IconPlayerPlay,
  faq: IconHelpCircle,
  login: IconLogin,
  signup: IconUserPlus,
  logout: IconLogout,
  dashboard: IconDashboard,
  appointments: IconCalendarEvent,
  reporting: IconChartBar,
  processor: IconListNumbers,
  management: IconSettings,
  profile: IconUser,
  encryption: IconLock,
  audit: IconHistory,
  legal: IconScale,
  onboarding: IconRocket,
};

/** The icon beside a page title; decorative, the title itself carries the meaning. */
export function PageIcon({ name, size = 20 }: { name: string | undefined; size?: number }) {
  const Component = (name && ICONS[name]) || IconFileUnknown;
  return <Component size={size} aria-hidden stroke={1.8} />;
}
