import { useId, useRef, useState } from 'react';
import { useLocation, type Location } from 'react-router';
import { useDismissOnOutsidePress } from './useDismiss';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../i18n';
import { toast } from './toast';

/**
 * The header's language dropdown: opens on click, stays open after a choice (spec: shell), lists the
 * languages (each in its own script) with the current one marked selected. A switch changes the
 * interface language, the date locale and <html lang>, and says 'Language changed successfully.'.
 * It closes on a press elsewhere, on Escape, and when the route changes (it belongs to the page it
 * was opened on).
 */
export function LanguageDropdown() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  // Open on the location it was opened at (the router's object, new on every navigation): navigating closes it.
  const [openAt, setOpenAt] = useState<Location | null>(null);
  const open = openAt === location;
  const close = () => setOpenAt(null);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const current = i18n.resolvedLanguage ?? i18n.language;
  const currentLabel = LANGUAGES.find((l) => l.lang === current)?.label ?? current;

  useDismissOnOutsidePress(root, open, close);

  const choose = async (lang: Language) => {
    if (lang === current) return;
    await changeLanguage(lang);
    toast.success(i18n.t('language.changed'));
  };

  return (
    <div className="dropdown language-dropdown" ref={root} onKeyDown={(e) => e.key === 'Escape' && close()}>
      <button
        type="button"
        className="header-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${t('language.label')}: ${currentLabel}`}
        onClick={() => setOpenAt(open ? null : location)}
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
