import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, type Location } from 'react-router';
import { closeOnEscape, closeOnFocusOut, useDismissOnOutsidePress } from './useDismiss';
import { useTranslation } from 'react-i18next';
import { useSaveLanguagePreference } from '../auth/session';
import { changeLanguage, LANGUAGES, type Language } from '../i18n';
import { toast } from './toast';

/** The option a key moves to in the listbox (WAI-ARIA listbox: no wrapping), or undefined for other keys. */
function optionAfterKey(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, count - 1);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * The header's language dropdown: opens on click, stays open after a choice (spec: shell), lists the
 * languages (each in its own script) with the current one marked selected. A switch changes the
 * interface language, the date locale and <html lang>, and says 'Language changed successfully.'; a
 * signed-in user's profile keeps the choice. It closes on a press elsewhere, when Tab takes the focus out of it,
 * on Escape (focus back on its button), and when the route changes (it belongs to the page it was opened on).
 *
 * The keyboard of a listbox: focus goes to the current language on opening, the arrow keys, Home and
 * End move between the languages, Enter or Space chooses one.
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
  const trigger = useRef<HTMLButtonElement>(null);
  const options = useRef<(HTMLLIElement | null)[]>([]);
  const current = i18n.resolvedLanguage ?? i18n.language;
  const currentLabel = LANGUAGES.find((l) => l.lang === current)?.label ?? current;
  const currentIndex = Math.max(0, LANGUAGES.findIndex((l) => l.lang === current));
  const [activeIndex, setActiveIndex] = useState(currentIndex);
  const saveLanguagePreference = useSaveLanguagePreference();

  useDismissOnOutsidePress(root, open, close);

  // Opening puts focus on the current language, as a listbox popup does (after a choice it is there already).
  useEffect(() => {
    if (open) options.current[currentIndex]?.focus();
  }, [open, currentIndex]);

  const choose = async (lang: Language) => {
    if (lang === current) return;
    await changeLanguage(lang);
    toast.success(i18n.t('language.changed'));
    try {
      await saveLanguagePreference(lang);
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <div className="dropdown language-dropdown" ref={root} onKeyDown={closeOnEscape(trigger, close)} onBlur={closeOnFocusOut(close)}>
      <button
        ref={trigger}
        type="button"
        className="header-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('language.current', { language: currentLabel })}
        onClick={() => setOpenAt(open ? null : location)}
      >
        <span aria-hidden="true">文A</span> <span className="header-button-text">{currentLabel}</span>
      </button>
      {open && (
        <ul id={menuId} className="dropdown-menu" role="listbox" aria-label={t('language.label')}>
          {LANGUAGES.map(({ lang, label }, index) => (
            <li
              key={lang}
              ref={(node) => {
                options.current[index] = node;
              }}
              role="option"
              lang={lang}
              aria-selected={lang === current}
              // One stop for Tab: the arrow keys move within the list.
              tabIndex={index === activeIndex ? 0 : -1}
              className={lang === current ? 'selected' : undefined}
              onFocus={() => setActiveIndex(index)}
              onClick={() => void choose(lang)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  void choose(lang);
                  return;
                }
                const next = optionAfterKey(e.key, index, LANGUAGES.length);
                if (next === undefined) return;
                e.preventDefault();
                options.current[next]?.focus();
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
