import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { matchPatientRoute, type PatientRoute, type PatientScreen } from './patient-routes';
import { useLocation } from './navigation';
import { SCREEN_LOADERS } from './screens';
import { applyLanguageToDocument } from './i18n';
import { LegalLinks } from './LegalLinks';
import './patient-frame.css';
import '../../../ui/reduced-motion.css';

type ScreenProps = { route: PatientRoute; search: URLSearchParams };

/** Screens a patient holds in their hand: they link the privacy and legal notices. */
const WITH_LEGAL_LINKS: ReadonlySet<PatientScreen> = new Set(['draw', 'book', 'ticket', 'appointment']);

// Each screen is its own chunk: a ticket holder downloads neither the kiosk nor the monitor.
const SCREENS = Object.fromEntries(Object.entries(SCREEN_LOADERS).map(([name, load]) => [name, lazy(load)])) as unknown as Record<
  PatientScreen,
  ComponentType<ScreenProps>
>;

/** Chooses the screen for the path (a staff path never arrives here: the bootstrap sends it to the staff app). */
export function PatientApp() {
  const { pathname, search } = useLocation();
  const route = matchPatientRoute(pathname);
  useEffect(() => applyLanguageToDocument(), []);
  if (!route) {
    // Only reachable when the path changed to a staff path without a reload.
    window.location.replace(pathname);
    return null;
  }
  const Screen = SCREENS[route.screen];
  return (
    <div className="patient-frame">
      <Suspense fallback={null}>
        <Screen route={route} search={search} />
      </Suspense>
      {WITH_LEGAL_LINKS.has(route.screen) && <LegalLinks />}
    </div>
  );
}

export type { ScreenProps };
