import { useEffect, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../api/client';
import {
  cancelImport,
  createUpload,
  fetchFeedbackCsv,
  queueImport,
  uploadToS3,
  useImport,
  useImportHistory,
  useRejectedRows,
} from '../api/imports';
import { FINISHED, type ImportFormat, type ImportLog } from '../api/types';
import '../../../shell/workspace.css';

const FORMATS: ImportFormat[] = ['auto', 'wqp-result', 'wqx3-result', 'wqp-station', 'template'];
const COUNTS = ['rowsImported', 'rowsUnchanged', 'rowsRejected', 'stationsCreated', 'parametersCreated'] as const;

export interface ImportsPanelProps {
  organizationId: string;
  projectId: string;
}

function bytes(size: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`;
}

/** A project's imports: pick or drop a file, watch it upload and import, see the result and the history. */
export function ImportsPanel({ organizationId, projectId }: ImportsPanelProps) {
  const { t, i18n } = useTranslation();
  const { mutate } = useSWRConfig();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat>('auto');
  const [dryRun, setDryRun] = useState(false);
  const [upload, setUpload] = useState<{ sent: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [logId, setLogId] = useState<string | null>(null);
  const [historyPage] = useState(1);
  const { data: log, mutate: refreshLog } = useImport(organizationId, projectId, logId);
  const history = useImportHistory(organizationId, projectId, historyPage);
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const ended = log !== undefined && log !== null && FINISHED.includes(log.status);
  const refreshHistory = history.mutate;

  // The history lists the import as it was queued: it shows its end (status, counts) once it has ended.
  useEffect(() => {
    if (ended) void refreshHistory();
  }, [ended, refreshHistory]);

  async function start() {
    if (!file) return;
    setError(null);
    setLogId(null);
    setUpload({ sent: 0, total: file.size });
    try {
      const slot = await createUpload(organizationId, projectId, file);
      if (!slot) return;
      await uploadToS3(slot, file, (sent, total) => setUpload({ sent, total }));
      const queued = await queueImport(organizationId, projectId, slot.uploadKey, format, dryRun);
      if (queued) setLogId(queued.logId);
      await history.mutate();
    } catch (failure) {
      const message = failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure);
      setError(t('imports.uploadFailed', { message }));
    } finally {
      setUpload(null);
    }
  }

  async function cancel(current: ImportLog) {
    await cancelImport(organizationId, projectId, current.logId);
    await refreshLog();
    await mutate(() => true);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    const dropped = event.dataTransfer.files?.[0];
    if (dropped) setFile(dropped);
  }

  return (
    <section className="imports-panel" aria-labelledby="imports-title">
      <h2 id="imports-title">{t('imports.title')}</h2>
      <div className="imports-drop" onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
        <p>{t('imports.drop')}</p>
        <label>
          {t('imports.choose')}
          <input type="file" accept=".csv,.txt,.tsv,.zip,.gz" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </label>
        {file && <p>{t('imports.chosen', { name: file.name, size: bytes(file.size, i18n.language) })}</p>}
      </div>
      <label>
        {t('imports.format')}
        <select value={format} onChange={(event) => setFormat(event.target.value as ImportFormat)}>
          {FORMATS.map((key) => (
            <option key={key} value={key}>
              {t(`imports.formats.${key}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" checked={dryRun} onChange={(event) => setDryRun(event.target.checked)} />
        {t('imports.dryRun')}
      </label>
      <button type="button" onClick={() => void start()} disabled={!file || upload !== null}>
        {t('imports.start')}
      </button>
      {error && <p role="alert">{error}</p>}
      {upload && (
        <div>
          <progress aria-label={t('imports.uploadProgress')} max={upload.total} value={upload.sent} />
          <p>
            {t('imports.uploading', { sent: bytes(upload.sent, i18n.language), total: bytes(upload.total, i18n.language) })}
          </p>
        </div>
      )}
      {log && <ImportResult log={log} number={number} onCancel={() => void cancel(log)} />}
      <ImportHistory
        logs={history.data?.data ?? []}
        number={number}
        onShow={(id) => setLogId(id)}
        language={i18n.language}
      />
    </section>
  );
}

/** The time left of a running import, from the part done since it started; null while too little is done to say. */
function timeLeft(progress: number, startedAt: string | null, now: number): number | null {
  const elapsed = startedAt ? (now - Date.parse(startedAt)) / 1000 : NaN;
  if (!(progress >= 0.01 && progress < 1 && elapsed >= 5)) return null;
  return (elapsed * (1 - progress)) / progress;
}

function ImportResult({ log, number, onCancel }: { log: ImportLog; number: (n: number) => string; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const finished = FINISHED.includes(log.status);
  const progress = log.rowsTotal ? log.rowsDone / log.rowsTotal : (log.progress ?? null);
  // Every row written, the import still running: the worker updates the stations' and series' summaries.
  const finishing = log.status === 'running' && log.rowsTotal !== null && log.rowsDone >= log.rowsTotal;
  const left = progress === null || finishing ? null : timeLeft(progress, log.startedAt, Date.now());
  return (
    <div className="imports-result" aria-live="polite">
      <p>
        <strong>{log.fileName}</strong>: {t(`imports.status.${log.status}`)}
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
          <button type="button" onClick={onCancel}>
            {t('imports.cancel')}
          </button>
        </>
      )}
      {log.message && <p>{log.message}</p>}
      {finished && (
        <dl aria-label={t('imports.counts.label')}>
          {COUNTS.map((key) => (
            <div key={key}>
              <dt>{t(`imports.counts.${key}`)}</dt>
              <dd>{number(log[key])}</dd>
            </div>
          ))}
        </dl>
      )}
      {finished && log.rowsRejected > 0 && <RejectedRows log={log} number={number} />}
    </div>
  );
}

function RejectedRows({ log, number }: { log: ImportLog; number: (n: number) => string }) {
  const { t } = useTranslation();
  const { data } = useRejectedRows(log.logId, 1);

  async function download() {
    if (!log.feedbackFileId) return;
    const text = await fetchFeedbackCsv(log.feedbackFileId);
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${log.fileName.replace(/\.(csv|txt|tsv|zip|gz)$/i, '')}-rejected-rows.csv`;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div>
      {log.feedbackFileId && (
        <button type="button" onClick={() => void download()}>
          {t('imports.rejected.download')}
        </button>
      )}
      <div className="ws-table-wrap" role="region" aria-label={t('imports.rejected.caption', { count: data?.total ?? 0 })} tabIndex={0}>
        <table className="ws-table">
          <caption>{t('imports.rejected.caption', { count: data?.total ?? 0 })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('imports.rejected.row')}</th>
              <th scope="col">{t('imports.rejected.column')}</th>
              <th scope="col">{t('imports.rejected.value')}</th>
              <th scope="col">{t('imports.rejected.message')}</th>
            </tr>
          </thead>
          <tbody>
            {(data?.data ?? []).map((row, index) => (
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
    </div>
  );
}

function ImportHistory({ logs, number, onShow, language }: {
  logs: ImportLog[];
  number: (n: number) => string;
  onShow: (logId: string) => void;
  language: string;
}) {
  const { t } = useTranslation();
  if (!logs.length) return <p>{t('imports.history.empty')}</p>;
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="ws-table-wrap" role="region" aria-label={t('imports.history.caption')} tabIndex={0}>
      <table className="ws-table">
        <caption>{t('imports.history.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('imports.history.file')}</th>
            <th scope="col">{t('imports.history.when')}</th>
            <th scope="col">{t('imports.history.status')}</th>
            <th scope="col">{t('imports.history.rows')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('imports.history.show')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {logs.map((log) => (
            <tr key={log.logId}>
              <td>{log.fileName}</td>
              <td>{when.format(new Date(log.createdAt))}</td>
              <td>{t(`imports.status.${log.status}`)}</td>
              <td>
                {number(log.rowsImported)} / {number(log.rowsRejected)}
              </td>
              <td>
                <button type="button" onClick={() => onShow(log.logId)} aria-label={`${t('imports.history.show')}: ${log.fileName}`}>
                  {t('imports.history.show')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default ImportsPanel;
