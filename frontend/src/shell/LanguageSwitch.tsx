import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES } from '../i18n';

/** Chooses the interface language; each language is named in its own script. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void changeLanguage(next);
        }}
      >
        {LANGUAGES.map(({ lang, label }) => (
          <option key={lang} value={lang} lang={lang}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
