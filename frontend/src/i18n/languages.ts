/** The interface languages, each labelled in its own script. */
export const LANGUAGES = [
  { lang: 'en', label: 'English' },
  { lang: 'zh-CN', label: '简体中文' },
] as const;

export type Language = (typeof LANGUAGES)[number]['lang'];

export const DEFAULT_LANGUAGE: Language = 'en';
/** Where the chosen language is kept in the browser. */
export const LANGUAGE_STORAGE_KEY = 'app-locale';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l.lang === value);
}
