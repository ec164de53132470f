import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';
import { RootLayout } from './RootLayout';
import { RouteErrorRedirect } from './RouteErrorRedirect';
import { loadChunk } from '../lib/chunks';

type Module = Record<string, unknown>;

/** A lazily loaded screen: each page is its own chunk, fetched when first visited (lib/chunks.ts: 120 s at most). */
function page(load: () => Promise<Module>, name: string): RouteObject['lazy'] {
  return async () => ({ Component: (await loadChunk(load))[name] as ComponentType });
}

function route(path: string, handle: RouteHandle, lazy: RouteObject['lazy']): RouteObject {
  return { path, handle, lazy };
}

const landing = page(() => import('../features/landing/LandingPage'), 'LandingPage');
const login = page(() => import('../features/auth/LoginPage'), 'LoginPage');
const signup = page(() => import('../features/auth/SignupPage'), 'SignupPage');
// Patient paths belong to the separate patient app (see main.tsx); here they only hand over.
const handoff = page(() => import('./PatientHandoff'), 'PatientHandoff');
const ticket = handoff;
const monitor = handoff;
const kiosk = handoff;
const calendar = page(() => import('../features/appointments/CalendarPage'), 'CalendarPage');
const reporting = page(() => import('../features/reporting/ReportingPage'), 'ReportingPage');

const h = (screen: string, title: string, extra: Partial<RouteHandle> = {}): RouteHandle => ({ screen, title, ...extra });

/** Public pages and sign-in: Mantine frame with header, no login needed. */
const publicRoutes: RouteObject[] = [
  route('/', h('landing', 'landing', { icon: 'home' }), landing),
  route(
    '/pricing',
    h('pricing', 'pricing', { icon: 'pricing' }),
    page(() => import('../features/pricing/PricingPage'), 'PricingPage'),
  ),
  route(
    '/demo',
    h('demo', 'demo', { icon: 'demo' }),
    page(() => import('../features/demo/DemoPage'), 'DemoPage'),
  ),
  route(
    '/faq',
    h('faq', 'faq', { icon: 'faq' }),
    page(() => import('../features/faq/FaqPage'), 'FaqPage'),
  ),
  route('/login', h('login', 'login', { icon: 'login' }), login),
  route('/passwordReset', h('login', 'passwordReset', { icon: 'login' }), login),
  route('/login_microsoft_interaction', h('login', 'login', { icon: 'login' }), login),
  route('/login_microsoft_silent', h('login', 'login', { icon: 'login' }), login),
  route('/login_microsoft_callback', h('login', 'login', { icon: 'login' }), login),
  route('/signup', h('signup', 'signup', { icon: 'signup' }), signup),
  route('/register', h('signup', 'signup', { icon: 'signup' }), signup),
  route(
    '/passwordReset/:passwordResetToken',
    h('passwordReset', 'passwordReset', { icon: 'login' }),
    page(() => import('../features/auth/PasswordResetPage'), 'PasswordResetPage'),
  ),
  route(
    '/verify',
    h('verify', 'verify', { icon: 'signup' }),
    page(() => import('../features/auth/VerifyPage'), 'VerifyPage'),
  ),
  route(
    '/logout',
    h('logout', 'logout', { icon: 'logout' }),
    page(() => import('../features/auth/LogoutPage'), 'LogoutPage'),
  ),
  route(
    '/redirector',
    h('redirector', 'redirector'),
    page(() => import('./Redirector'), 'Redirector'),
  ),
  route(
    '/404',
    h('notFound', 'notFound'),
    page(() => import('../features/errors/NotFoundPage'), 'NotFoundPage'),
  ),
  ...['/datenschutz', '/privacy'].map((path) =>
    route(
      path,
      h('privacy', 'privacy', { icon: 'legal' }),
      page(() => import('../features/legal/LegalPage'), 'PrivacyPage'),
    ),
  ),
  ...['/agb', '/terms'].map((path) =>
    route(
      path,
      h('terms', 'terms', { icon: 'legal' }),
      page(() => import('../features/legal/LegalPage'), 'TermsPage'),
    ),
  ),
  ...['/impressum', '/legal-notice'].map((path) =>
    route(
      path,
      h('imprint', 'imprint', { icon: 'legal' }),
      page(() => import('../features/legal/LegalPage'), 'ImprintPage'),
    ),
  ),
];

/** The logged-in area: sign-in required; admin routes show the permission message to others. */
const backendRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/backend/dashboard" replace /> },
  route(
    'dashboard',
    h('dashboard', 'dashboard', { icon: 'dashboard' }),
    page(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
  ),
  route('appointments', h('appointments', 'appointments', { icon: 'appointments' }), calendar),
  route('appointments/:appointmentId', h('appointments', 'appointments', { icon: 'appointments' }), calendar),
  route(
    'processor',
    h('processor', 'processor', { icon: 'processor' }),
    page(() => import('../features/processor/ProcessorPage'), 'ProcessorPage'),
  ),
  route(
    'processor/:queueId',
    h('processor', 'processor', { icon: 'processor' }),
    page(() => import('../features/processor/ProcessorPage'), 'ProcessorPage'),
  ),
  route('reporting', h('reporting', 'reporting', { icon: 'reporting' }), reporting),
  route('management/reporting', h('reporting', 'reporting', { icon: 'reporting', admin: true }), reporting),
  route('management/:queueId/reporting', h('reporting', 'reporting', { icon: 'reporting', admin: true }), reporting),
  route(
    'management/billing',
    h('management', 'billing', { icon: 'management', admin: true }),
    page(() => import('../features/billing/BillingPage'), 'BillingPage'),
  ),
  route(
    'management/:queueId/rollout',
    h('management', 'management', { icon: 'management', admin: true }),
    page(() => import('../features/rollout/RolloutPage'), 'RolloutPage'),
  ),
  route(
    'management/:queueId?/:subMenu?',
    h('management', 'management', { icon: 'management', admin: true }),
    page(() => import('../features/management/ManagementPage'), 'ManagementPage'),
  ),
  route(
    'profile',
    h('profile', 'profile', { icon: 'profile' }),
    page(() => import('../features/profile/ProfilePage'), 'ProfilePage'),
  ),
  route(
    'encryption',
    h('encryption', 'encryption', { icon: 'encryption' }),
    page(() => import('../features/encryption/EncryptionPage'), 'EncryptionPage'),
  ),
  route(
    'audit',
    h('audit', 'audit', { icon: 'audit', admin: true }),
    page(() => import('../features/audit/AuditPage'), 'AuditPage'),
  ),
  route(
    'onboarding',
    h('onboarding', 'onboarding', { icon: 'onboarding', admin: true, hideSideMenu: true }),
    page(() => import('../features/onboarding/OnboardingPage'), 'OnboardingPage'),
  ),
];

/** What patients see: matched here only to hand over to the patient app, which the bootstrap loads directly. */
const patientRoutes: RouteObject[] = [
  route('/queue/:queueId/ticket/:memberId?', h('ticket', 'ticket'), ticket),
  route('/queue/:queueId', h('ticket', 'ticket'), ticket),
  route('/q/:queueId', h('ticket', 'ticket'), ticket),
  route('/ticket/:memberId', h('ticket', 'ticket'), ticket),
  route('/t/:memberId', h('ticket', 'ticket'), ticket),
  route('/appointment/:appointmentId', h('ticket', 'appointment'), ticket),
  route('/a/:appointmentId', h('ticket', 'appointment'), ticket),
  route('/offer/:offerToken', h('ticket', 'appointment'), ticket),
  route('/monitor/:monitorId', h('monitor', 'monitor'), monitor),
  route('/m/:monitorId', h('monitor', 'monitor'), monitor),
  route('/embed/queue/iframe/:queueId', h('embed', 'embed'), handoff),
  {
    // Identifier paths: an account identifier that names one of our own routes is no account.
    lazy: page(() => import('./IdentifierGuard'), 'IdentifierGuard'),
    children: [
      route('/:account/monitor/:monitor?', h('monitor', 'monitor'), monitor),
      route('/:account/:profile/:queue?/monitor', h('monitor', 'monitor'), monitor),
      route('/:account/:profile?/:queue?/monitor2', h('monitor', 'monitor'), monitor),
      route('/:account/:profile?/:queue?/monitor3', h('monitor', 'monitor'), monitor),
      route('/:account/:profile?/:queue?/kiosk', h('kiosk', 'kiosk'), kiosk),
      route('/:account/:profile?/:queue?/sunmi_kiosk', h('kiosk', 'kiosk'), kiosk),
      route('/:account/:profile?/:queue?', h('ticket', 'ticket'), ticket),
    ],
  },
];

/** Every route of docs/product.md#screens-and-routes. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorRedirect />,
    children: [
      {
        lazy: page(() => import('./frame/AppFrame'), 'AppFrame'),
        children: [
          ...publicRoutes,
          { path: '/backend', lazy: page(() => import('./frame/BackendLayout'), 'BackendLayout'), children: backendRoutes },
          // Outside the guard: an unknown backend path is a 404 for everyone, not a login prompt.
          { path: '/backend/*', element: <Navigate to="/404" replace /> },
        ],
      },
      { children: patientRoutes },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
