import {
  IconChevronDown,
  IconCurrencyEuro,
  IconHelpCircle,
  IconHome,
  IconLanguage,
  IconListNumbers,
  IconLogin,
  IconPlayerPlay,
  IconUserCircle,
  IconUserPlus,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { LANGUAGE_NAMES, OFFERED_LANGS } from '@wartefrei/shared';
import { chooseLanguage, useFrontText, type FrontNamespace } from './front-i18n';
import type { FrontPage } from './front-routes';
import { MenuButton } from './MenuButton';
import { useFrontOffers } from './front-offers';

const PAGE_ICONS: Record<FrontPage, Icon> = { landing: IconHome, login: IconLogin };

/** The site's pages, as the staff frame's header (from 62em) and its mobile side menu list them. */
const HEADER_LINKS = ['pricing', 'demo', 'faq'] as const;
const SIDE_LINKS = [
  { to: '/', title: 'landing', Icon: IconHome },
  { to: '/pricing', title: 'pricing', Icon: IconCurrencyEuro },
  { to: '/demo', title: 'demo', Icon: IconPlayerPlay },
  { to: '/faq', title: 'faq', Icon: IconHelpCircle },
  { to: '/login', title: 'login', Icon: IconLogin },
] as const;

const FOOTER_LINKS = [
  { to: '/pricing', title: 'routes.pricing' },
  { to: '/faq', title: 'routes.faq' },
  { to: '/docs', title: 'footer.api' },
  { to: '/datenschutz', title: 'routes.privacy' },
  { to: '/agb', title: 'routes.terms' },
  { to: '/impressum', title: 'routes.imprint' },
];

interface FrontFrameProps {
  page: FrontPage;
  /** The namespaces the page reads: a language is switched to once they are here. */
  namespaces: FrontNamespace[];
  children: ReactNode;
}

/**
 * The staff app's public frame (app/frame: header, mobile navigation, footer) for a signed-out
 * visitor, without Mantine or the router. Its links are plain links: the pages behind them are
 * the staff app's, loaded by the navigation.
 */
export function FrontFrame({ page, namespaces, children }: FrontFrameProps) {
  const { t, lang } = useFrontText('common');
  const [navOpen, setNavOpen] = useState(false);
  const PageIcon = PAGE_ICONS[page];
  // The demo only where this server has one (issue 40 §9).
  const { demo } = useFrontOffers();

  useEffect(() => {
    document.title = `${t('productName')} – ${t(`routes.${page}`)}`;
  }, [t, page, lang]);

  return (
    <>
      <a href="#main" className="front-skip-link">
        {t('header.skipToContent')}
      </a>
      <header className="front-header">
        <div className="front-header-start">
          <button
            type="button"
            className="front-burger"
            aria-expanded={navOpen}
            aria-label={t(navOpen ? 'header.closeNavigation' : 'header.openNavigation')}
            onClick={() => setNavOpen((open) => !open)}
          >
            <span data-open={navOpen || undefined} />
          </button>
          <a href="/" className="front-logo" aria-label={t('header.home')}>
            <IconListNumbers size={26} aria-hidden />
            <span className="front-wide-only">{t('productName')}</span>
          </a>
          <div className="front-page-title" data-testid="page-title">
            <PageIcon size={20} aria-hidden stroke={1.8} />
            <span>{t(`routes.${page}`)}</span>
          </div>
        </div>
        <div className="front-header-end">
          <nav className="front-header-links" aria-label={t('header.publicNavigation')}>
            {HEADER_LINKS.filter((link) => link !== 'demo' || demo).map((link) => (
              <a key={link} href={`/${link}`}>
                {t(`routes.${link}`)}
              </a>
            ))}
          </nav>
          <MenuButton
            label={`${t('header.language')}: ${LANGUAGE_NAMES[lang]}`}
            heading={t('header.language')}
            entries={OFFERED_LANGS.map((code) => ({
              key: code,
              label: LANGUAGE_NAMES[code],
              lang: code,
              current: code === lang,
              onSelect: () => void chooseLanguage(code, namespaces),
            }))}
          >
            <IconLanguage size={20} aria-hidden />
            <span className="front-lang-code">{lang}</span>
            <IconChevronDown size={14} aria-hidden />
          </MenuButton>
          <MenuButton
            label={`${t('header.userMenu')}: ${t('header.notLoggedIn')}`}
            entries={[
              { key: 'login', href: '/login', label: t('header.login'), icon: <IconLogin size={16} aria-hidden stroke={1.8} /> },
              { key: 'signup', href: '/signup', label: t('header.signup'), icon: <IconUserPlus size={16} aria-hidden stroke={1.8} /> },
              { key: 'faq', href: '/faq', label: t('header.faq'), icon: <IconHelpCircle size={16} aria-hidden stroke={1.8} /> },
            ]}
          >
            <span className="front-avatar" aria-hidden>
              <IconUserCircle size={20} stroke={1.5} />
            </span>
            <span className="front-user-name front-wide-only" data-testid="user-name">
              {t('header.notLoggedIn')}
            </span>
            <IconChevronDown size={14} aria-hidden />
          </MenuButton>
        </div>
      </header>
      {navOpen && (
        <nav className="front-side-nav" aria-label={t('header.publicNavigation')}>
          <ul>
            {SIDE_LINKS.filter((link) => link.to !== '/demo' || demo).map((link) => {
              const LinkIcon = link.Icon;
              const active = link.to === `/${page === 'landing' ? '' : page}`;
              return (
                <li key={link.to}>
                  <a href={link.to} aria-current={active ? 'page' : undefined} data-active={active || undefined}>
                    <LinkIcon size={20} aria-hidden stroke={1.8} />
                    {t(`routes.${link.title}`)}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <main className="front-main">
        <div id="main" tabIndex={-1} className="front-content">
          {children}
        </div>
        <footer className="front-footer">
          <p>{t('footer.tagline')}</p>
          <nav aria-label={t('footer.links')}>
            {FOOTER_LINKS.map((link) => (
              <a key={link.to} href={link.to}>
                {t(link.title)}
              </a>
            ))}
          </nav>
        </footer>
      </main>
    </>
  );
}
