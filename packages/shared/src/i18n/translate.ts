import de from './de/server.json' with { type: 'json' };
import en from './en/server.json' with { type: 'json' };
import tr from './tr/server.json' with { type: 'json' };
import bs from './bs/server.json' with { type: 'json' };
import ar from './ar/server.json' with { type: 'json' };
import uk from './uk/server.json' with { type: 'json' };
import ro from './ro/server.json' with { type: 'json' };
import pl from './pl/server.json' with { type: 'json' };
import hu from './hu/server.json' with { type: 'json' };
import { DEFAULT_LANG, formatMessage, LANGUAGE_ALIASES, SUPPORTED_LANGS, type SupportedLang } from './languages.js';

export * from './languages.js';

/**
 * The server's namespace of the catalogues (errors, validation, field names, mails). The web app
 * loads the same files, plus its own namespaces beside them: `i18n/<lang>/<namespace>.json`.
 */
export type Catalogue = typeof de;
// English must have every key German has; the compiler checks it here. The patients' languages
// hold the sections patients meet (catalogues.test.ts); staff-only texts fall back to German.
const catalogues: Record<SupportedLang, DeepPartial<Catalogue>> = { de, en: en satisfies Catalogue, tr, bs, ar, uk, ro, pl, hu };

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** Picks the first supported language of an Accept-Language header; German when none fits. */
export function pickLanguage(acceptLanguage: string | undefined | null): SupportedLang {
  if (!acceptLanguage) return DEFAULT_LANG;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const ours = (base: string) => LANGUAGE_ALIASES[base] ?? ((SUPPORTED_LANGS as readonly string[]).includes(base) ? (base as SupportedLang) : undefined);
  return ranked.map((entry) => ours(entry.base)).find((lang) => lang !== undefined) ?? DEFAULT_LANG;
}

/** Looks up `section.key` in a language's catalogue, falling back to German, then to the key. */
export function translate(lang: SupportedLang, section: keyof Catalogue, key: string, args?: readonly (string | number)[]): string {
  const table = (catalogues[lang][section] ?? {}) as Record<string, string>;
  const fallback = catalogues[DEFAULT_LANG][section] as Record<string, string>;
  const template = table[key] ?? fallback[key];
  return template === undefined ? key : formatMessage(template, args);
}

/** Whether the catalogue knows a key (used to label fields, else the raw field name is shown). */
export function hasTranslation(lang: SupportedLang, section: keyof Catalogue, key: string): boolean {
  return key in ((catalogues[lang][section] ?? catalogues[DEFAULT_LANG][section]) as Record<string, string>);
}
