import { Component, lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { loadChunk } from '../../../lib/chunks';
import { ChunkReloadNotice } from './ChunkReloadNotice';
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
// One that does not come within 120 s, or fails, shows a reload prompt (lib/chunks.ts).
const SCREENS = Object.fromEntries(Object.entries(SCREEN_LOADERS).map(([name, load]) => [name, lazy(() => loadChunk(load))])) as unknown as Record<
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
      <ChunkFailureBoundary>
        <Suspense fallback={null}>
          <Screen route={route} search={search} />
        </Suspense>
      </ChunkFailureBoundary>
      {WITH_LEGAL_LINKS.has(route.screen) && <LegalLinks />}
    </div>
  );
}

/** A screen whose script did not come (or that threw while rendering): a reload, never a blank page. */
class ChunkFailureBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('patient screen failed', error);
  }
  override render() {
    return this.state.failed ? <ChunkReloadNotice /> : this.props.children;
  }
}

export type { ScreenProps };
