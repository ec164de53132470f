import { matchPatientRoute } from './features/patient/app/patient-routes';

/*
 * Two apps behind one page: a patient path (ticket, draw, kiosk, monitor, embed) loads the small
 * patient app; everything else the public pages and the staff area. Deciding here, before either
 * is fetched, keeps React Router, Mantine and i18next off a cheap phone.
 */
if (matchPatientRoute(window.location.pathname)) void import('./features/patient/app/start');
else void import('./app/start');
