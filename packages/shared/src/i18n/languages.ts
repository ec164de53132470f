/**
 * The languages we have catalogues for. Its own module without the catalogues, so that a
 * patient screen can ask "is this a language of ours?" without shipping every server text.
 */
export const SUPPORTED_LANGS = ['de', 'en', 'tr', 'bs', 'ar', 'uk', 'ro', 'pl', 'hu'] as const;
export type SupportedLang = (typeof SUPPORTED_LANGS)[number];
export const DEFAULT_LANG: SupportedLang = 'de';

/**
 * The cookie that carries the language chosen on this device (the same as localStorage `lang`)
 * to the server, so a patient page's first view comes in it (modules/first-view). Not personal:
 * a language code, set by the browser app only, readable by it.
 */
export const LANGUAGE_COOKIE = 'wartefrei-lang';

/** The staff screens are complete in these; the staff app's picker offers them. */
export const STAFF_LANGS = ['de', 'en'] as const satisfies readonly SupportedLang[];
export type StaffLang = (typeof STAFF_LANGS)[number];
/** The staff app's language picker (its screens are translated throughout in these). */
export const OFFERED_LANGS: readonly SupportedLang[] = STAFF_LANGS;

/**
 * The patients' languages: their screens (draw, ticket, booking, appointment page, kiosk,
 * monitor), mails and SMS are complete in every one (catalogues.test.ts proves it).
 * Bosnian, Croatian and Serbian share one catalogue in Latin script (`bs`).
 */
export const PATIENT_LANGS: readonly SupportedLang[] = SUPPORTED_LANGS;
/**
 * The catalogue files of the patients' screens; a patient language has each in full.
 * `earlier` (the "Früher, wenn möglich" box, the offer page, the confirmation question; issue 43)
 * is not among them on purpose: it exists in German and English only, and the other patient
 * languages read it in German (the patient app's i18n falls back per key), as the issue allows.
 */
export const PATIENT_NAMESPACES = ['ticket', 'draw', 'booking', 'kiosk', 'monitor', 'embed', 'footer'] as const;
/** The sections of `server.json` patients meet (errors, field labels, mails and SMS, the product's questionnaire texts, the refusal to seal for a foreign key). */
export const PATIENT_SERVER_SECTIONS = ['errors', 'validation', 'fields', 'mail', 'probing', 'sealing'] as const;

/** Languages written right to left: the whole layout mirrors. */
export const RTL_LANGS: readonly SupportedLang[] = ['ar'];
export const textDirection = (lang: SupportedLang): 'rtl' | 'ltr' => (RTL_LANGS.includes(lang) ? 'rtl' : 'ltr');

/** Each language named in itself, for the language pickers. */
export const LANGUAGE_NAMES: Record<SupportedLang, string> = {
  de: 'Deutsch',
  en: 'English',
  tr: 'Türkçe',
  bs: 'Bosanski / Hrvatski / Srpski',
  ar: 'العربية',
  uk: 'Українська',
  ro: 'Română',
  pl: 'Polski',
  hu: 'Magyar',
};

/** Tags that name a language of ours under another code: Croatian and Serbian read the `bs` catalogue. */
export const LANGUAGE_ALIASES: Record<string, SupportedLang> = { hr: 'bs', sr: 'bs', sh: 'bs', cnr: 'bs' };

/** Whether a string names a language we have a catalogue for. */
export function isSupportedLang(value: unknown): value is SupportedLang {
  return typeof value === 'string' && (SUPPORTED_LANGS as readonly string[]).includes(value);
}

/** Replaces `{0}`, `{1}`, ... with the given arguments. */
export function formatMessage(template: string, args: readonly (string | number)[] = []): string {
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => {
    const value = args[Number(i)];
    return value === undefined ? whole : String(value);
  });
}
