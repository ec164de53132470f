import { Component, lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { loadChunk } from '../../../lib/chunks';
import { ChunkReloadNotice } from './ChunkReloadNotice';
import { matchPatientRoute, type PatientRoute, type PatientScreen } from './patient-routes';
import { useLocation, type PatientLocation } from './navigation';
import { SCREEN_LOADERS } from './screens';
import { applyLanguageToDocument } from './i18n';
import { useTakenOver } from './first-view';
import { LegalLinks } from './LegalLinks';
import { checkVersion, reloadForNewBuild } from './version';
import './patient-frame.css';
import '../../../ui/reduced-motion.css';

type ScreenProps = { route: PatientRoute; search: URLSearchParams };

/** Screens a patient holds in their hand: they link the privacy and legal notices. */
const WITH_LEGAL_LINKS: ReadonlySet<PatientScreen> = new Set(['draw', 'book', 'ticket', 'appointment', 'offer']);

// Each screen is its own chunk: a ticket holder downloads neither the kiosk nor the monitor.
// One that does not come within 120 s, or fails, shows a reload prompt (lib/chunks.ts).
const SCREENS = Object.fromEntries(Object.entries(SCREEN_LOADERS).map(([name, load]) => [name, lazy(() => loadChunk(load))])) as unknown as Record<
  PatientScreen,
  ComponentType<ScreenProps>
>;

/**
 * Chooses the screen for the path (a staff path never arrives here: the bootstrap sends it to the
 * staff app). The server renders it with the path (`at`) and its screens already loaded
 * (server-entry.tsx); the same tree with lazy screens hydrates that HTML in the browser.
 */
export function PatientApp({ at, screens = SCREENS }: { at?: PatientLocation; screens?: Record<PatientScreen, ComponentType<ScreenProps>> } = {}) {
  const { pathname, search } = useLocation(at);
  const takenOver = useTakenOver();
  const route = matchPatientRoute(pathname);
  useEffect(() => applyLanguageToDocument(), []);
  // The build this page runs: what a later check (version.ts) compares with.
  useEffect(() => void checkVersion(), []);
  if (!route) {
    // Only reachable when the path changed to a staff path without a reload.
    window.location.replace(pathname);
    return null;
  }
  const Screen = screens[route.screen];
  return (
    <div className="patient-frame">
      {/* The prompt of a screen whose script did not come stands outside the held fieldset: its button must work. */}
      <ChunkFailureBoundary>
        <fieldset className="patient-live" disabled={!takenOver}>
          <Suspense fallback={null}>
            <Screen route={route} search={search} />
          </Suspense>
        </fieldset>
      </ChunkFailureBoundary>
      {WITH_LEGAL_LINKS.has(route.screen) && <LegalLinks />}
    </div>
  );
}

/**
 * A screen whose script did not come (or that threw while rendering): after a deploy (the server
 * has a newer build, the old chunk is gone) the page reloads itself; otherwise a reload prompt,
 * never a blank page.
 */
class ChunkFailureBoundary extends Component<{ children: ReactNode }, { failed: 'no' | 'checking' | 'yes' }> {
  override state: { failed: 'no' | 'checking' | 'yes' } = { failed: 'no' };
  static getDerivedStateFromError() {
    return { failed: 'checking' };
  }
  override componentDidCatch(error: unknown) {
    console.error('patient screen failed', error);
    void reloadForNewBuild().then((reloading) => !reloading && this.setState({ failed: 'yes' }));
  }
  override render() {
    if (this.state.failed === 'no') return this.props.children;
    return this.state.failed === 'yes' ? <ChunkReloadNotice /> : null;
  }
}

export type { ScreenProps };
