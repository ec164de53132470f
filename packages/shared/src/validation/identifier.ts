const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' };

/**
 * Identifiers appear in public URLs (`/{account}/{profile}/{queue}`). Umlauts become ae/oe/ue,
 * every other character outside ASCII letters, digits, `-` and `_` becomes `_` (docs/product.md#validation-rules).
 */
export function sanitizeIdentifier(raw: string): string {
  return raw
    .trim()
    .replace(/[äöüÄÖÜ]/g, (c) => UMLAUTS[c] ?? c)
    .replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * First path segments the app itself uses; an account with such an identifier would shadow
 * a page or an API path, so they are refused.
 */
export const RESERVED_ACCOUNT_IDENTIFIERS: ReadonlySet<string> = new Set(
  [
    '404',
    'a',
    'accounts',
    'api',
    'appointment',
    'appointments',
    'assets',
    'auth',
    'backend',
    'countries',
    'credentials',
    'demo',
    'docs',
    'embed',
    'faq',
    'login',
    'login_microsoft_callback',
    'login_microsoft_interaction',
    'login_microsoft_silent',
    'logout',
    'm',
    'members',
    'monitor',
    'monitor2',
    'monitor3',
    'monitors',
    'password-reset',
    'passwordReset',
    'pricing',
    'profiles',
    'q',
    'queue',
    'queues',
    'redirector',
    'register',
    'routes',
    'signup',
    'system-information',
    't',
    'ticket',
    'users',
    'verify',
    'ws',
    // The legal pages, the audit log and the legal facts (issue 20).
    'agb',
    'audit',
    'datenschutz',
    'impressum',
    'legal',
    'legal-notice',
    'privacy',
    'terms',
    // Every other first segment of the API and the web app (issue 40 §9); reserved-identifiers.test.ts
    // reads the registered routes of both and fails for one missing here.
    'alerts',
    'appointment-slots',
    'appointment-types',
    'billing',
    'calendar',
    'call-next',
    'dashboard',
    'device-orders',
    'encryption',
    'health',
    'images',
    'info-tags',
    'invoices',
    'metrics',
    'monitor-links',
    'onboarding',
    'payment-methods',
    'probing-answers',
    'probing-questions',
    'processors',
    'profile',
    'qt_monitor',
    'reports',
    'schedules',
    'tickets',
    'vacations',
    // The practice's other systems (issue 42): API keys, webhooks, FHIR.
    'api-keys',
    'fhir',
    'webhook-endpoints',
    // Earlier appointments (issue 43): the offer's page and its API.
    'appointment-offers',
    'offer',
    // Words a visitor could mistake for the operator's own pages.
    'admin',
    'app',
    'backend',
    'static',
    'www',
  ].map((s) => s.toLowerCase()),
);

/**
 * The identifier of the public demo practice (modules/demo): its admin cannot lock the next
 * visitor out. Not a route word (its links must resolve), but nobody else may take it.
 */
export const DEMO_ACCOUNT_IDENTIFIER = 'praxis-demo';

/** Whether a sanitised identifier would collide with a route of the app. */
export function isReservedAccountIdentifier(identifier: string): boolean {
  return RESERVED_ACCOUNT_IDENTIFIERS.has(identifier.toLowerCase());
}

/** Whether a new account, location or list is refused the identifier: a route's word, or the demo's name (issue 40 §9). */
export function isRefusedIdentifier(identifier: string): boolean {
  return isReservedAccountIdentifier(identifier) || identifier.toLowerCase() === DEMO_ACCOUNT_IDENTIFIER;
}

/** An identifier must keep at least one letter or digit after sanitising. */
export function hasMeaningfulCharacters(identifier: string): boolean {
  return /[A-Za-z0-9]/.test(identifier);
}
