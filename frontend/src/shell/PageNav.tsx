import { useTranslation } from 'react-i18next';

/** Previous / "Page X of Y" / Next under a table shown a page at a time; nothing when there is one page. */
export function PageNav({ label, page, pageCount, onPage }: { label: string; page: number; pageCount: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="ws-toolbar" aria-label={label}>
      <button type="button" className="button button-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span>{t('common.pageOf', { page, pageCount })}</span>
      <button type="button" className="button button-small" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}
