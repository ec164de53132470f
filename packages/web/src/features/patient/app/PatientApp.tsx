import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { matchPatientRoute, type PatientRoute, type PatientScreen } from './patient-routes';
import { useLocation } from './navigation';
import { currentLanguage } from './i18n';
import './patient-frame.css';

type ScreenProps = { route: PatientRoute; search: URLSearchParams };

const screen = (load: () => Promise<{ default: ComponentType<ScreenProps> }>) => lazy(load);

// Each screen is its own chunk: a ticket holder downloads neither the kiosk nor the monitor.
const SCREENS: Record<PatientScreen, ComponentType<ScreenProps>> = {
  draw: screen(() => import('../draw/DrawScreen')),
  ticket: screen(() => import('../ticket/TicketScreen')),
  appointment: screen(() => import('../appointment/AppointmentScreen')),
  kiosk: screen(() => import('../kiosk/KioskScreen')),
  monitor: screen(() => import('../monitor/MonitorScreen')),
  embed: screen(() => import('../embed/EmbedScreen')),
};

/** Chooses the screen for the path (a staff path never arrives here: the bootstrap sends it to the staff app). */
export function PatientApp() {
  const { pathname, search } = useLocation();
  const route = matchPatientRoute(pathname);
  useEffect(() => {
    document.documentElement.lang = currentLanguage();
  }, []);
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
    </div>
  );
}

export type { ScreenProps };
