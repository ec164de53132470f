/**
 * The languages we have catalogues for. Its own module without the catalogues, so that a
 * patient screen can ask "is this a language of ours?" without shipping every server text.
 */
export const SUPPORTED_LANGS = ['de', 'en', 'tr'] as const;
export type SupportedLang = (typeof SUPPORTED_LANGS)[number];
export const DEFAULT_LANG: SupportedLang = 'de';

/**
 * The languages a picker offers: those whose screens are translated throughout. Turkish has
 * catalogues only for the landing page and the server's messages, so a page would switch to it
 * and stay German; it is offered again when its screens are translated.
 */
export const OFFERED_LANGS: readonly SupportedLang[] = ['de', 'en'];

/** Each language named in itself, for the language picker. */
export const LANGUAGE_NAMES: Record<SupportedLang, string> = { de: 'Deutsch', en: 'English', tr: 'Türkçe' };

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
