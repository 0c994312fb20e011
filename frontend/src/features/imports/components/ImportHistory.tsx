import { useTranslation } from 'react-i18next';
import type { SWRResponse } from 'swr';
import { ApiError } from '../../../api/client';
import { formatDateTime } from '../../../lib/dates';
import { LoadError } from '../../../shell/LoadError';
import type { ImportLog, Page } from '../api/types';
import { outcomeLabel, statusLabel } from '../lib/labels';
import { PageNav } from '../../../shell/PageNav';

interface ImportHistoryProps {
  history: SWRResponse<Page<ImportLog>>;
  page: number;
  onPage: (page: number) => void;
  onShow: (logId: string) => void;
  /**
   * The import whose result is shown above, as last asked for (every second while it runs): its row shows it,
   * so that the row's counts move with the result's rows, not only with the history's slower answers.
   */
  current?: ImportLog;
  /** The user may not read the history (only those who may import may): it is not asked for, and this says so. */
  forbidden?: boolean;
}

/**
 * A project's imports, newest first, a page at a time; or why they cannot be shown. The file and its status
 * first, its outcome, when, then Show. On a phone each import is a card; where the panel is narrow beside the
 * side menu, a table whose start is shown under the file's name instead of in a column of its own (imports.css).
 * Words stay whole: only a long file name may break anywhere.
 */
export function ImportHistory({ history, page, onPage, onShow, current, forbidden = false }: ImportHistoryProps) {
  const { t, i18n } = useTranslation();
  if (forbidden) return <p>{t('imports.history.forbidden')}</p>;
  if (history.error instanceof ApiError && history.error.status === 403) return <p>{t('imports.history.forbidden')}</p>;
  // Asked again and failed (a flaky connection coming back), the history shown stays. With none yet, why in plain
  // words (not the browser's "Failed to fetch"); no button of its own: the panel's Try again is the upload's, and the
  // history is asked again when the browser is back online.
  if (history.error && !history.data) return <LoadError error={history.error} title={t('imports.history.loadFailed')} />;
  if (!history.data) return null;
  const { total, pageCount } = history.data;
  const logs = history.data.data.map((log) => (log.logId === current?.logId ? current : log));
  if (total === 0) return <p>{t('imports.history.empty')}</p>;
  return (
    <>
      {/* On a phone each import is a card: its file first, then its status, outcome and start under their column's
          name (data-label), then Show: every word whole, nothing past a sideways scroll (shell/workspace.css
          .card-table, imports.css); the explicit roles keep the table's meaning there. */}
      <div className="ws-table-wrap imports-history" role="region" aria-label={t('imports.history.caption')} tabIndex={0}>
        <table className="ws-table card-table" role="table">
          <caption>{t('imports.history.caption')}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">{t('imports.history.file')}</th>
              <th scope="col" role="columnheader">{t('imports.history.status')}</th>
              <th scope="col" role="columnheader">{t('imports.history.outcome')}</th>
              <th scope="col" role="columnheader" className="imports-when">{t('imports.history.when')}</th>
              <th scope="col" role="columnheader">
                <span className="visually-hidden">{t('imports.history.show')}</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {logs.map((log) => (
              <tr key={log.logId} role="row">
                <td role="cell" className="imports-file ws-card-title">
                  {log.fileName}
                  {log.dryRun && (
                    <>
                      {' '}
                      <span className="ws-badge">{t('imports.history.checkOnly')}</span>
                    </>
                  )}
                  {/* Shown instead of the Started column where that does not fit (imports.css). */}
                  <span className="imports-when-inline">{formatDateTime(log.createdAt, i18n.language)}</span>
                </td>
                <td role="cell" className="imports-status" data-label={t('imports.history.status')}>{statusLabel(t, log)}</td>
                <td role="cell" className="imports-outcome" data-label={t('imports.history.outcome')}>{outcomeLabel(t, log)}</td>
                <td role="cell" className="imports-when" data-label={t('imports.history.when')}>{formatDateTime(log.createdAt, i18n.language)}</td>
                <td role="cell">
                  <button type="button" className="button button-small" onClick={() => onShow(log.logId)} aria-label={t('imports.history.showImport', { file: log.fileName, when: formatDateTime(log.createdAt, i18n.language) })}>
                    {t('imports.history.show')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PageNav label={t('imports.history.pages')} page={page} pageCount={pageCount} onPage={onPage} />
    </>
  );
}
