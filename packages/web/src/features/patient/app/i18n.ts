import { useEffect, useState } from 'react';
import { DEFAULT_LANG, isSupportedLang, textDirection, type SupportedLang } from '@wartefrei/shared';
import { readStored, STORAGE_KEYS, storeLanguage, writeLanguageCookie } from '../../../lib/storage';

/**
 * The patient screens' texts, without i18next: cheap phones load the German catalogue of their
 * one screen inside that screen's chunk, and another language's file only when it is chosen.
 * The catalogues are the same JSON files the staff app uses (`shared/src/i18n/<lang>/<ns>.json`).
 */
type Catalogue = { [key: string]: string | Catalogue };
export type Namespace = 'ticket' | 'draw' | 'booking' | 'kiosk' | 'monitor' | 'embed' | 'server' | 'footer' | 'earlier';
export type Translate = (key: string, values?: Record<string, string | number>) => string;

// `earlier` (earlier appointments, offers, confirmations) exists in German and English only: the
// other languages read it in German (load() finds no file), as issue 43 allows.
const lazyFiles = import.meta.glob<Catalogue>('../../../../../shared/src/i18n/*/{ticket,draw,booking,kiosk,monitor,embed,server,footer,earlier}.json', { import: 'default' });
const catalogues = new Map<string, Catalogue>();
const listeners = new Set<() => void>();

const stored = readStored<string>(STORAGE_KEYS.lang);
let language: SupportedLang = isSupportedLang(stored) ? stored : DEFAULT_LANG;
// A language chosen before the cookie existed: the server learns it for the next first view.
if (isSupportedLang(stored)) writeLanguageCookie(stored);

const keyOf = (lang: string, ns: Namespace) => `${lang}/${ns}`;
/** A language's file of a namespace, if there is one (`earlier` is German and English only). */
const fileOf = (lang: SupportedLang, ns: Namespace) => lazyFiles[`../../../../../shared/src/i18n/${lang}/${ns}.json`];
const notify = () => listeners.forEach((listener) => listener());

/** A screen hands in its German catalogue (bundled with it); German is also every fallback. */
export function provideGerman(ns: Namespace, catalogue: object): void {
  catalogues.set(keyOf(DEFAULT_LANG, ns), catalogue as Catalogue);
}

/** Fetches a language's file for a namespace once (German is handed in by the screens). */
export async function load(lang: SupportedLang, ns: Namespace): Promise<void> {
  if (catalogues.has(keyOf(lang, ns))) return;
  const file = fileOf(lang, ns);
  if (!file) return;
  catalogues.set(keyOf(lang, ns), await file());
  notify();
}

function lookup(catalogue: Catalogue | undefined, path: string[]): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** `{name}` and `{0}` placeholders; `count` picks `key_one` / `key_other` by the language's plural rules. */
export function translate(lang: SupportedLang, ns: Namespace, key: string, values: Record<string, string | number> = {}): string {
  const [space, name] = key.includes(':') ? (key.split(':', 2) as [Namespace, string]) : [ns, key];
  recorded?.add(space);
  const path = name.split('.');
  const candidates =
    typeof values.count === 'number' ? [`${path.at(-1)}_${new Intl.PluralRules(lang).select(values.count)}`, `${path.at(-1)}_other`, path.at(-1)!] : [path.at(-1)!];
  for (const catalogue of [catalogues.get(keyOf(lang, space)), catalogues.get(keyOf(DEFAULT_LANG, space))]) {
    for (const last of candidates) {
      const template = lookup(catalogue, [...path.slice(0, -1), last]);
      if (template !== undefined) return template.replace(/\{(\w+)\}/g, (whole, v: string) => (values[v] === undefined ? whole : String(values[v])));
    }
  }
  return key;
}

/** The namespaces read while recording (one first view's render), else undefined. */
let recorded: Set<Namespace> | undefined;

/**
 * Runs a render and tells which namespaces its texts came from: the first view loads them in the
 * chosen language before it renders for good (server) and before it hydrates (browser).
 */
export function recordingNamespaces<T>(render: () => T): { result: T; namespaces: Namespace[] } {
  recorded = new Set();
  try {
    return { result: render(), namespaces: [...recorded] };
  } finally {
    recorded = undefined;
  }
}

/** Loads a language's files of these namespaces; true when one was not there before. */
export async function loadNamespaces(lang: SupportedLang, namespaces: readonly Namespace[]): Promise<boolean> {
  if (lang === DEFAULT_LANG) return false;
  const missing = namespaces.filter((ns) => !catalogues.has(keyOf(lang, ns)) && fileOf(lang, ns));
  await Promise.all(missing.map((ns) => load(lang, ns)));
  return missing.length > 0;
}

export function currentLanguage(): SupportedLang {
  return language;
}

/** Marks the page's language and writing direction: Arabic mirrors the whole layout (logical CSS properties throughout). */
export function applyLanguageToDocument(lang: SupportedLang = language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.documentElement.dir = textDirection(lang);
}

/** The chosen language, while the page renders in the first view's (renderIn) until settleLanguage. */
let chosen: SupportedLang | undefined;

/**
 * Renders in `lang` for now: the server wrote the first view in it, and the hydrating render must
 * write the same words. The patient's chosen language follows once the screen has taken over.
 */
export function renderIn(lang: SupportedLang): void {
  if (lang !== language) chosen ??= language;
  language = lang;
}

/** Back to the chosen language after the first view (a no-op when they were the same). */
export function settleLanguage(): void {
  if (chosen === undefined) return;
  language = chosen;
  chosen = undefined;
  applyLanguageToDocument(language);
  notify();
}

/** Switches the patient screens' language (remembered in localStorage `lang` and its cookie, like the staff app). */
export function setLanguage(lang: SupportedLang): void {
  language = lang;
  chosen = undefined;
  storeLanguage(lang);
  applyLanguageToDocument(lang);
  notify();
}

/**
 * `t` for one namespace (others as `server:fields.mail`); re-renders when the language changes
 * or its file arrives. Until then the German text shows, so nothing is ever blank.
 */
export function useText(ns: Namespace, also: Namespace[] = []): { t: Translate; lang: SupportedLang } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const listener = () => setTick((n) => n + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  useEffect(() => {
    if (language !== DEFAULT_LANG) for (const space of [ns, ...also]) void load(language, space);
  });
  return { t: (key, values) => translate(language, ns, key, values), lang: language };
}

/** Whether a key exists (in the language or in German). */
export function hasText(ns: Namespace, key: string): boolean {
  return translate(language, ns, key) !== key;
}

/** A field's problem (a validation code) as the patient reads it: the server catalogue's message with the field's label. */
export function fieldMessage(t: Translate, field: string, code: string): string {
  const label = t(`server:fields.${field}`);
  return hasText('server', `validation.${code}`) ? t(`server:validation.${code}`, { 0: label }) : t('server:validation.INVALID_VALUE', { 0: label });
}
