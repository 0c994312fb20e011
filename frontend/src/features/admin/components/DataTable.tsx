import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shell/LazyView';
import type { Sort } from '../api/listQuery';

export interface Column<T> {
  key: string;
  label: string;
  /** The server field this column sorts on; none: not sortable. */
  sortField?: string;
  render: (row: T) => ReactNode;
  /** Hide the label in the stacked (phone) layout, e.g. for the actions. */
  plain?: boolean;
}

/**
 * An administration list: column headers that sort (aria-sort tells which and how), a row per
 * item, and a row for loading, failure and "nothing found". On narrow screens the rows stack as
 * cards, each value under its column's name (the explicit roles keep it a table for assistive
 * technology).
 */
export function DataTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  sort,
  onSort,
  loading,
  failed,
  onRetry,
  emptyMessage,
  busy,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  sort?: Sort;
  onSort?: (field: string) => void;
  loading: boolean;
  failed: boolean;
  onRetry?: () => void;
  emptyMessage: string;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const ariaSort = (field: string | undefined) => {
    if (!field || !sort || sort.field !== field) return undefined;
    return sort.order === 'ASC' ? 'ascending' : 'descending';
  };

  let status: ReactNode = null;
  if (!rows && loading) status = <Spinner />;
  else if (!rows && failed)
    status = (
      <div className="admin-load-failed">
        <p>{t('admin.list.loadFailed')}</p>
        {onRetry && (
          <button type="button" className="button" onClick={onRetry}>
            {t('admin.list.retry')}
          </button>
        )}
      </div>
    );
  else if (rows && rows.length === 0) status = <p className="muted">{emptyMessage}</p>;

  return (
    <div className="admin-table-wrap">
      <table role="table" className="admin-table" aria-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.key} role="columnheader" scope="col" aria-sort={ariaSort(column.sortField)} className={`col-${column.key}`}>
                {column.sortField && onSort ? (
                  <button type="button" className="sort-button" onClick={() => onSort(column.sortField!)}>
                    {column.label}
                    <span className="sort-indicator" aria-hidden="true">
                      {ariaSort(column.sortField) === 'ascending' ? '▲' : ariaSort(column.sortField) === 'descending' ? '▼' : '↕'}
                    </span>
                  </button>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {status ? (
            <tr role="row" className="admin-status-row">
              <td role="cell" colSpan={columns.length}>
                {status}
              </td>
            </tr>
          ) : (
            rows!.map((row) => (
              <tr role="row" key={row.id}>
                {columns.map((column) => (
                  <td role="cell" key={column.key} className={`col-${column.key}`} data-label={column.plain ? undefined : column.label}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
