import { useTranslation } from 'react-i18next';

/**
 * Previous / "Page X of Y" / Next under a table shown a page at a time; nothing when there is one page. At
 * either end the button is aria-disabled, not disabled: a disabled button would drop keyboard focus to the page.
 */
export function PageNav({ label, page, pageCount, onPage }: { label: string; page: number; pageCount: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="ws-toolbar" aria-label={label}>
      <button type="button" className="button button-small" aria-disabled={page <= 1 || undefined} onClick={() => page > 1 && onPage(page - 1)}>
        {t('common.previous')}
      </button>
      {/* Said when it changes: the focus stays on Previous or Next, and this is what they changed. */}
      <span aria-live="polite">{t('common.pageOf', { page, pageCount })}</span>
      <button type="button" className="button button-small" aria-disabled={page >= pageCount || undefined} onClick={() => page < pageCount && onPage(page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}
