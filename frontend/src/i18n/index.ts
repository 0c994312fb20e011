import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from './languages';
import en from './locales/en';
import zhCN from './locales/zh-CN';

export { LANGUAGES, DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, isLanguage, type Language } from './languages';

export const resources = {
  en: { translation: en },
  'zh-CN': { translation: zhCN },
} as const;

function storedLanguage(): Language | undefined {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function reflectOnPage(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Initialise the one i18next instance: the stored language, else English. */
export async function initI18n(language: Language = storedLanguage() ?? DEFAULT_LANGUAGE): Promise<I18n> {
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', reflectOnPage);
    await i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: Object.keys(resources),
      interpolation: { escapeValue: false }, // React escapes already
    });
  } else if (i18next.language !== language) {
    await i18next.changeLanguage(language);
  }
  reflectOnPage(i18next.language);
  return i18next;
}

/** Switch the interface language, the page's lang attribute, and remember the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the switch still applies to this visit.
  }
}

export default i18next;
