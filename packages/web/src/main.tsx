import { matchPatientRoute } from './features/patient/app/patient-routes';
import { prefetch } from './features/patient/app/prefetch';
import { isLinkKey } from './features/patient/app/patient-link';
import { SCREEN_LOADERS } from './features/patient/app/screens';
import { loadChunk, showBootstrapReloadPrompt } from './lib/chunks';
import { matchFrontPage, storedSignInIsValid } from './features/front-pages/front-routes';

/*
 * Three apps behind one page: a patient path (ticket, draw, kiosk, monitor, embed) loads the small
 * patient app; the landing page and the sign-in, opened by a signed-out visitor, the light
 * front-page app; everything else the staff app (public pages and the staff area). Deciding here,
 * before any is fetched, keeps React Router, Mantine and i18next off a cheap phone.
 */
const patientRoute = matchPatientRoute(window.location.pathname);
const frontPage = patientRoute ? undefined : matchFrontPage(window.location.pathname, storedSignInIsValid());
if (patientRoute) {
  // The screen's chunk and React at the same time (the screen would otherwise wait for React).
  void SCREEN_LOADERS[patientRoute.screen]();
  // …and the ticket itself, beside them: GET /members/{key} answers the same in every language.
  // Only for a key that can be one (the screen itself fetches nothing for a malformed one), and
  // only where the page did not bring the ticket with it (the first view, features/patient/app/first-view.ts).
  const ticketKey = patientRoute.screen === 'ticket' ? patientRoute.ticketKey : undefined;
  if (ticketKey && isLinkKey(ticketKey) && !document.getElementById('first-view')) prefetch(`/members/${ticketKey}`);
  void loadChunk(() => import('./features/patient/app/start')).catch(() => showBootstrapReloadPrompt(document.getElementById('root')!));
} else if (frontPage) {
  void loadChunk(() => import('./features/front-pages/start'))
    .then(({ startFrontPage }) => startFrontPage(frontPage))
    .catch(() => showBootstrapReloadPrompt(document.getElementById('root')!));
} else {
  void loadChunk(() => import('./app/start')).catch(() => showBootstrapReloadPrompt(document.getElementById('root')!));
}
