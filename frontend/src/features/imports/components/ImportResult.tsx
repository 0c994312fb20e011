import { useTranslation } from 'react-i18next';
import { fetchFeedbackCsv, useRejectedRows } from '../api/imports';
import { FINISHED, type ImportLog } from '../api/types';
import { COUNTS, countLabel, statusLabel } from '../lib/labels';

type FormatNumber = (n: number) => string;

/** The time left of a running import, from the part done since it started; null while too little is done to say. */
function timeLeft(progress: number, startedAt: string | null, now: number): number | null {
  const elapsed = startedAt ? (now - Date.parse(startedAt)) / 1000 : NaN;
  if (!(progress >= 0.01 && progress < 1 && elapsed >= 5)) return null;
  return (elapsed * (1 - progress)) / progress;
}

/** One import as it goes: its progress while it runs (and a cancel for those who may), its counts and rejected rows once ended. */
export function ImportResult({ log, number, onCancel }: { log: ImportLog; number: FormatNumber; onCancel?: () => void }) {
  const { t, i18n } = useTranslation();
  const finished = FINISHED.includes(log.status);
  const progress = log.rowsTotal ? log.rowsDone / log.rowsTotal : (log.progress ?? null);
  // Every row written, the import still running: the worker updates the stations' and series' summaries.
  const finishing = log.status === 'running' && log.rowsTotal !== null && log.rowsDone >= log.rowsTotal;
  const left = progress === null || finishing ? null : timeLeft(progress, log.startedAt, Date.now());
  return (
    <div className="imports-result" aria-live="polite">
      <p>
        <strong>{log.fileName}</strong>: {statusLabel(t, log)}
      </p>
      {!finished && (
        <>
          <progress aria-label={t('imports.importProgress')} max={1} value={progress ?? undefined} />
          <p>
            {log.rowsTotal
              ? t('imports.rowsOf', { done: number(log.rowsDone), total: number(log.rowsTotal) })
              : t('imports.rowsRead', { rows: number(log.rowsDone) })}
            {progress !== null && (
              <>
                {' · '}
                {t('imports.done', {
                  percent: new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(
                    progress,
                  ),
                })}
              </>
            )}
            {finishing && (
              <>
                {' · '}
                {t('imports.finishing')}
              </>
            )}
            {left !== null && (
              <>
                {' · '}
                {left < 60
                  ? t('imports.lessThanAMinuteLeft')
                  : t('imports.minutesLeft', { minutes: number(Math.ceil(left / 60)) })}
              </>
            )}
          </p>
          {onCancel && (
            <button type="button" className="button button-danger" onClick={onCancel}>
              {t('imports.cancel')}
            </button>
          )}
        </>
      )}
      {log.message && <p>{log.message}</p>}
      {finished && (
        <dl aria-label={t('imports.counts.label')}>
          {COUNTS.map((key) => (
            <div key={key}>
              <dt>{countLabel(t, log, key)}</dt>
              <dd>{number(log[key])}</dd>
            </div>
          ))}
        </dl>
      )}
      {finished && log.rowsRejected > 0 && <RejectedRows log={log} number={number} />}
    </div>
  );
}

function RejectedRows({ log, number }: { log: ImportLog; number: FormatNumber }) {
  const { t } = useTranslation();
  const { data } = useRejectedRows(log.logId, 1);

  async function download() {
    if (!log.feedbackFileId) return;
    const text = await fetchFeedbackCsv(log.feedbackFileId);
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${log.fileName.replace(/\.(csv|txt|tsv|zip|gz|json)$/i, '')}-rejected-rows.csv`;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div>
      {log.feedbackFileId && (
        <button type="button" className="button" onClick={() => void download()}>
          {t('imports.rejected.download')}
        </button>
      )}
      {/* Shown once read: an empty "Rejected rows (0)" beside a count of rejected rows would contradict it. */}
      {data && (
        <div className="ws-table-wrap" role="region" aria-label={t('imports.rejected.caption', { count: data.total })} tabIndex={0}>
          <table className="ws-table">
            <caption>{t('imports.rejected.caption', { count: data.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('imports.rejected.row')}</th>
                <th scope="col">{t('imports.rejected.column')}</th>
                <th scope="col">{t('imports.rejected.value')}</th>
                <th scope="col">{t('imports.rejected.message')}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((row, index) => (
                <tr key={`${row.row}-${row.column}-${index}`}>
                  <td>{row.row === null ? '' : number(row.row)}</td>
                  <td>{row.column ?? ''}</td>
                  <td>{row.value ?? ''}</td>
                  <td>{row.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
