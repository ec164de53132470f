import { useSyncExternalStore } from 'react';
import { DEFAULT_LANG, isSupportedLang, type SupportedLang } from '@wartefrei/shared';
import { readStored, STORAGE_KEYS, storeLanguage } from '../../lib/storage';

/*
 * The front pages' texts without i18next: only the namespaces they show, from the same JSON
 * catalogues as the staff app, in the languages the staff app speaks on its public pages
 * (German, English; Turkish on the landing page). Other remembered languages read German here,
 * as in the staff app (i18n/index.ts).
 */
type Catalogue = { [key: string]: string | Catalogue };
export type FrontNamespace = 'common' | 'landing' | 'auth' | 'server';
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const FRONT_LANGS: readonly SupportedLang[] = ['de', 'en', 'tr'];
const files = import.meta.glob<Catalogue>('../../../../shared/src/i18n/{de,en,tr}/{common,landing,auth,server}.json', { import: 'default' });
const catalogues = new Map<string, Catalogue>();
const listeners = new Set<() => void>();

const stored = readStored<string>(STORAGE_KEYS.lang);
let language: SupportedLang = isSupportedLang(stored) && FRONT_LANGS.includes(stored) ? stored : DEFAULT_LANG;
let version = 0;

const keyOf = (lang: string, ns: string) => `${lang}/${ns}`;

/** Fetches the namespaces in German (every fallback) and in the current language, at the same time. */
export async function loadTexts(namespaces: FrontNamespace[], lang: SupportedLang = language): Promise<void> {
  const wanted = [...new Set([DEFAULT_LANG, lang])].flatMap((l) => namespaces.map((ns) => [l, ns] as const));
  await Promise.all(
    wanted.map(async ([l, ns]) => {
      const file = files[`../../../../shared/src/i18n/${l}/${ns}.json`];
      if (file && !catalogues.has(keyOf(l, ns))) catalogues.set(keyOf(l, ns), await file());
    }),
  );
}

function lookup(catalogue: Catalogue | undefined, path: string[]): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** `ns:key.path` (or `key.path` in `ns`) with `{name}` / `{0}` placeholders, German where the language lacks it. */
export function translate(lang: SupportedLang, ns: FrontNamespace, key: string, values: Record<string, string | number> = {}): string {
  const [space, name] = key.includes(':') ? (key.split(':', 2) as [string, string]) : [ns, key];
  const path = name.split('.');
  for (const catalogue of [catalogues.get(keyOf(lang, space)), catalogues.get(keyOf(DEFAULT_LANG, space))]) {
    const template = lookup(catalogue, path);
    if (template !== undefined) return template.replace(/\{(\w+)\}/g, (whole, v: string) => (values[v] === undefined ? whole : String(values[v])));
  }
  return key;
}

export function frontLanguage(): SupportedLang {
  return language;
}

/** Switches language once its texts are here, remembers it (localStorage `lang`, read by the staff app too). */
export async function chooseLanguage(lang: SupportedLang, namespaces: FrontNamespace[]): Promise<void> {
  await loadTexts(namespaces, lang);
  language = lang;
  storeLanguage(lang);
  document.documentElement.lang = lang;
  version += 1;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** `t` for one namespace (others as `common:routes.login`), re-rendering when the language changes. */
export function useFrontText(ns: FrontNamespace): { t: Translate; lang: SupportedLang } {
  useSyncExternalStore(subscribe, () => version);
  return { t: (key, values) => translate(language, ns, key, values), lang: language };
}
