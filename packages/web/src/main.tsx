import { matchPatientRoute } from './features/patient/app/patient-routes';
import { prefetch } from './features/patient/app/prefetch';
import { SCREEN_LOADERS } from './features/patient/app/screens';
import { loadChunk, showBootstrapReloadPrompt } from './lib/chunks';

/*
 * Two apps behind one page: a patient path (ticket, draw, kiosk, monitor, embed) loads the small
 * patient app; everything else the public pages and the staff area. Deciding here, before either
 * is fetched, keeps React Router, Mantine and i18next off a cheap phone.
 */
const patientRoute = matchPatientRoute(window.location.pathname);
if (patientRoute) {
  // The screen's chunk and React at the same time (the screen would otherwise wait for React).
  void SCREEN_LOADERS[patientRoute.screen]();
  // …and the ticket itself, beside them: GET /members/{id} answers the same in every language.
  // Only for an id that can be one (the screen itself fetches nothing for a malformed one).
  const memberId = patientRoute.screen === 'ticket' ? patientRoute.memberId : undefined;
  if (memberId && /^[0-9a-f-]{36}$/i.test(memberId)) prefetch(`/members/${memberId}`);
  void loadChunk(() => import('./features/patient/app/start')).catch(() => showBootstrapReloadPrompt(document.getElementById('root')!));
} else {
  void loadChunk(() => import('./app/start')).catch(() => showBootstrapReloadPrompt(document.getElementById('root')!));
}
