import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../../shell/toast';
import { createReport, getQueuedReport, getQueuedReportPdf, REPORT_FILTERS, type QueuedReport, type ReportRequest } from '../api/report';
import { useReportFilterWords } from '../api/reportFilterWords';

const FILE_NAME = 'open-water-data-report.pdf';
/** How often a queued report's progress is asked for. */
export const POLL_MS = 2000;

/** The stations the address names: `stations=id,id` (a chosen set), else the explorer's filter. */
function requestOf(params: URLSearchParams): Omit<ReportRequest, 'from' | 'to' | 'language'> {
  const filter: ReportRequest['filter'] = {};
  for (const name of REPORT_FILTERS) {
    const value = params.getAll(name).join(',').trim();
    if (value) filter[name] = value;
  }
  const stationIds = params.getAll('stations').flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  return { filter, stationIds };
}

/** The answer of a large report: its job, not the PDF. */
function isQueued(answer: Blob | QueuedReport | undefined): answer is QueuedReport {
  return !!answer && typeof answer === 'object' && 'status' in answer && 'id' in answer;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toLocaleString(undefined, { maximumFractionDigits: 2 })} MB`;
}

/**
 * The PDF report of what the visitor looks at: the explorer's filter carried in this page's address
 * (or a chosen set of stations) and a date range, drawn by the server in the interface's language.
 */
export function ReportForm() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const scope = requestOf(params);
  const [from, setFrom] = useState(params.get('from') ?? '');
  const [to, setTo] = useState(params.get('to') ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState<{ url: string; size: number } | null>(null);
  const [queued, setQueued] = useState<QueuedReport | null>(null);
  const mounted = useRef(true);
  const filterCount = Object.keys(scope.filter).length;
  const filterWords = useReportFilterWords(scope.filter);

  useEffect(() => () => {
    if (ready) URL.revokeObjectURL(ready.url);
  }, [ready]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const deliver = (pdf: Blob) => {
    const url = URL.createObjectURL(pdf);
    setReady({ url, size: pdf.size });
    Object.assign(document.createElement('a'), { href: url, download: FILE_NAME }).click();
  };

  /** A large report: ask for its progress until the worker has drawn it. */
  const follow = async (job: QueuedReport) => {
    let current: QueuedReport | undefined = job;
    while (mounted.current && current && (current.status === 'queued' || current.status === 'running')) {
      setQueued(current);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      current = await getQueuedReport(job.id);
    }
    if (!mounted.current || !current) return;
    setQueued(current);
    if (current.status === 'failed') throw new Error(current.message ?? t('pages.reportForm.failed'));
    const pdf = await getQueuedReportPdf(job.id);
    if (pdf) deliver(pdf);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setQueued(null);
    try {
      const answer = await createReport({ ...scope, from, to, language: i18n.language });
      if (isQueued(answer)) await follow(answer);
      else if (answer) deliver(answer);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="report-form" onSubmit={onSubmit} noValidate aria-label={t('pages.reportForm.title')}>
      <h2>{t('pages.reportForm.title')}</h2>
      <p>
        {scope.stationIds.length
          ? t('pages.reportForm.chosen', { count: scope.stationIds.length })
          : filterCount
            ? t('pages.reportForm.fromExplorer', { filters: filterWords })
            : t('pages.reportForm.everyStation')}{' '}
        <Link to="/sts/overview">{t('pages.reportForm.openExplorer')}</Link>
      </p>
      <div className="report-dates">
        <div className="ws-field">
          <label htmlFor={`${id}-from`}>{t('pages.reportForm.from')}</label>
          <input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="ws-field">
          <label htmlFor={`${id}-to`}>{t('pages.reportForm.to')}</label>
          <input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      {error && <p className="alert alert-error" role="alert">{error}</p>}
      {queued && busy && (
        <div className="report-progress">
          <label htmlFor={`${id}-progress`}>{t('pages.reportForm.queued', { count: queued.stations, percent: Math.round(queued.progress * 100) })}</label>
          <progress id={`${id}-progress`} max={1} value={queued.progress} />
        </div>
      )}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? t('pages.reportForm.creating') : t('pages.reportForm.create')}
      </button>
      {ready && !busy && (
        <p role="status">
          {t('pages.reportForm.ready', { size: megabytes(ready.size) })}{' '}
          <a href={ready.url} download={FILE_NAME}>{t('pages.reportForm.download')}</a>
        </p>
      )}
    </form>
  );
}

export default ReportForm;
