import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, isSupportedLang, type SupportedLang } from '@wartefrei/shared';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import de from './locales/de';

// German ships with the app; every other language is one chunk, fetched when first chosen.
const loaders: Record<Exclude<SupportedLang, 'de'>, () => Promise<{ default: Record<string, object> }>> = {
  en: () => import('./locales/en'),
  tr: () => import('./locales/tr'),
};

/** The catalogues' placeholders are `{0}`, `{1}` (shared with the server) and `{name}`. */
export async function initI18n(): Promise<typeof i18next> {
  const stored = readStored<string>(STORAGE_KEYS.lang);
  await i18next.use(initReactI18next).init({
    lng: DEFAULT_LANG,
    fallbackLng: DEFAULT_LANG,
    resources: { de },
    ns: Object.keys(de),
    defaultNS: 'common',
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    react: { useSuspense: false },
  });
  if (isSupportedLang(stored) && stored !== DEFAULT_LANG) await changeLanguage(stored);
  document.documentElement.lang = i18next.language;
  return i18next;
}

/** Loads a language's chunk if needed, switches to it and remembers it (localStorage `lang`). */
export async function changeLanguage(lang: SupportedLang): Promise<void> {
  if (lang !== 'de' && !i18next.hasResourceBundle(lang, 'common')) {
    const { default: bundles } = await loaders[lang]();
    for (const [ns, resources] of Object.entries(bundles)) i18next.addResourceBundle(lang, ns, resources, true, true);
  }
  await i18next.changeLanguage(lang);
  writeStored(STORAGE_KEYS.lang, lang);
  document.documentElement.lang = lang;
}

/** The language every call announces in Accept-Language. */
export function currentLanguage(): SupportedLang {
  return isSupportedLang(i18next.language) ? i18next.language : DEFAULT_LANG;
}

export { i18next };
