import { useTranslation } from 'react-i18next';

/** The id of the layout's main landmark, which the skip link focuses. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the layout's first focusable element, out of sight until focused (styles.css
 * .skip-link). It moves the focus to the main landmark itself: the address's hash is the router's, so the
 * link must not follow "#main-content".
 */
export function SkipLink({ target = MAIN_CONTENT_ID }: { target?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${target}`}
      className="skip-link"
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(target);
        if (!main) return;
        main.focus();
        main.scrollIntoView?.({ block: 'start' });
      }}
    >
      {t('shell.skipToMain')}
    </a>
  );
}
