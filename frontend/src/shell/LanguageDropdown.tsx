import { useId, useRef, useState } from 'react';
import { useDismissOnOutsidePress } from './useDismiss';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../i18n';
import { toast } from './toast';

/**
 * The header's language dropdown: opens on click, stays open after a choice, lists the
 * languages (each in its own script) with the current one marked selected. A switch changes the
 * interface language, the date locale and <html lang>, and says 'Language changed successfully.'.
 */
export function LanguageDropdown() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const current = i18n.resolvedLanguage ?? i18n.language;
  const currentLabel = LANGUAGES.find((l) => l.lang === current)?.label ?? current;

  useDismissOnOutsidePress(root, open, () => setOpen(false));

  const choose = async (lang: Language) => {
    if (lang === current) return;
    await changeLanguage(lang);
    toast.success(i18n.t('language.changed'));
  };

  return (
    <div className="dropdown language-dropdown" ref={root} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="header-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${t('language.label')}: ${currentLabel}`}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">文A</span> <span className="header-button-text">{currentLabel}</span>
      </button>
      {open && (
        <ul id={menuId} className="dropdown-menu" role="listbox" aria-label={t('language.label')}>
          {LANGUAGES.map(({ lang, label }) => (
            <li
              key={lang}
              role="option"
              lang={lang}
              aria-selected={lang === current}
              tabIndex={0}
              className={lang === current ? 'selected' : undefined}
              onClick={() => void choose(lang)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  void choose(lang);
                }
              }}
            >
              {label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
