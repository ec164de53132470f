import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, isSupportedLang, type SupportedLang } from '@wartefrei/shared';
import { readStored, STORAGE_KEYS, storeLanguage } from '../lib/storage';
import de from './locales/de';

// German ships with the app; every other language is one chunk, fetched when first chosen. The
// staff app speaks German and English (and Turkish on its landing page); a patient language
// chosen on a patient screen (remembered under the same key) leaves it German here.
const loaders: Partial<Record<SupportedLang, () => Promise<{ default: Record<string, object> }>>> = {
  en: () => import('./locales/en'),
  tr: () => import('./locales/tr'),
};
const hasStaffCatalogues = (lang: SupportedLang) => lang === DEFAULT_LANG || loaders[lang] !== undefined;

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
  if (isSupportedLang(stored) && stored !== DEFAULT_LANG && hasStaffCatalogues(stored)) await changeLanguage(stored);
  document.documentElement.lang = i18next.language;
  return i18next;
}

/** Loads a language's chunk if needed, switches to it and remembers it (localStorage `lang`). */
export async function changeLanguage(lang: SupportedLang): Promise<void> {
  const load = loaders[lang];
  if (!load && lang !== DEFAULT_LANG) return changeLanguage(DEFAULT_LANG);
  if (load && !i18next.hasResourceBundle(lang, 'common')) {
    const { default: bundles } = await load();
    for (const [ns, resources] of Object.entries(bundles)) i18next.addResourceBundle(lang, ns, resources, true, true);
  }
  await i18next.changeLanguage(lang);
  storeLanguage(lang);
  document.documentElement.lang = lang;
}

/** The language every call announces in Accept-Language. */
export function currentLanguage(): SupportedLang {
  return isSupportedLang(i18next.language) ? i18next.language : DEFAULT_LANG;
}

export { i18next };
