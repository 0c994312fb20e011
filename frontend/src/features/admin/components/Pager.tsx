import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../lib/listState';

/** Total, page size, and Previous / page x of y / Next. */
export function Pager({
  page,
  pageCount,
  total,
  pageSize,
  onPage,
  onPageSize,
}: {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const { t } = useTranslation();
  const sizeId = useId();
  return (
    <nav className="admin-pager" aria-label={t('admin.list.pagination')}>
      <span className="admin-pager-total">{t('common.total', { count: total })}</span>
      <span className="admin-pager-size">
        <label htmlFor={sizeId}>{t('admin.list.pageSize')}</label>
        <select id={sizeId} value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
      <span className="admin-pager-pages">
        <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('common.previous')}
        </button>
        <span aria-live="polite">{t('common.pageOf', { page, pageCount })}</span>
        <button type="button" className="button" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          {t('common.next')}
        </button>
      </span>
    </nav>
  );
}
